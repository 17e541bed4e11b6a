import { useId } from 'react';
import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSupportViews } from '../api.ts';

/**
 * Who viewed my data: each request of a support view of this account (who, when, what). A part of the
 * "Your data" section (issue 23), under its own heading.
 */
export function SupportViewsSection() {
  const headingId = useId();
  const views = useSupportViews();
  return (
    <section className="your-data-part support-views" aria-labelledby={headingId}>
      <h3 id={headingId}>{SUPPORT_TEXTS.whoViewedTitle}</h3>
      <p>{SUPPORT_TEXTS.whoViewedIntro}</p>
      {views.data ? (
        views.data.views.length === 0 ? (
          <p>{SUPPORT_TEXTS.whoViewedEmpty}</p>
        ) : (
          <>
            <ul className="support-views-list">
              {views.data.views.map((view, index) => (
                // Rows have no id of their own; the list is replaced whole, never reordered in place.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={index}>
                  <strong>{view.supportName ?? SUPPORT_TEXTS.formerStaff}</strong>{' '}
                  <time dateTime={view.at}>{formatDateTime(view.at)}</time>: {view.what}
                  {view.refused ? ` (${SUPPORT_TEXTS.refused})` : null}
                </li>
              ))}
            </ul>
            {views.data.more ? <p>{SUPPORT_TEXTS.whoViewedMore}</p> : null}
          </>
        )
      ) : views.isError ? (
        <Alert tone="error">{SUPPORT_TEXTS.whoViewedFailed}</Alert>
      ) : (
        <Loading />
      )}
    </section>
  );
}
