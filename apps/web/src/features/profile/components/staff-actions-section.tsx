import { MY_AUDIT_TEXTS as T } from '@portal/domain';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMyStaffActions } from '../api.ts';

/**
 * What our staff did on your account (issues 23 and 24, "Trust"): every staff action about this account,
 * in the API's plain words, newest first, a page at a time. A part of the "Your data" section, next to
 * who viewed the data.
 */
export function StaffActionsSection() {
  const headingId = useId();
  const actions = useMyStaffActions();
  const entries = actions.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="your-data-part staff-actions" aria-labelledby={headingId}>
      <h3 id={headingId}>{T.title}</h3>
      <p>{T.intro}</p>
      {actions.data ? (
        entries.length === 0 ? (
          <p>{T.empty}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{T.when}</th>
                  <th scope="col">{T.who}</th>
                  <th scope="col">{T.what}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, index) => (
                  // Entries carry no id; pages are only appended, never reordered.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  <tr key={index}>
                    <td>
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </td>
                    <td>{entry.who}</td>
                    <td>{entry.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : actions.isError ? null : (
        <Loading />
      )}
      {actions.isError ? <Alert tone="error">{T.failed}</Alert> : null}
      {actions.hasNextPage ? (
        <Button
          variant="secondary"
          busy={actions.isFetchingNextPage}
          onClick={() => actions.fetchNextPage().catch(() => undefined)}
        >
          {T.more}
        </Button>
      ) : null}
    </section>
  );
}
