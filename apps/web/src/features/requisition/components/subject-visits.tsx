import { formatZonedDateTime, kitTypeName, VISITOR_LOOKUP_DEBOUNCE_MS } from '@portal/domain';
import type { ReactNode } from 'react';
import { useVisitorInfo } from '../api.ts';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/**
 * Research §7: the subject's visits at this site, looked up 500 ms after the subject id stops changing.
 * Visit times read as the site's clock, with its zone.
 */
export function SubjectVisits({
  kitHashedId,
  subjectId,
  timezone,
}: {
  kitHashedId: string;
  subjectId: string;
  timezone: string;
}) {
  const settled = useDebouncedValue(subjectId.trim(), VISITOR_LOOKUP_DEBOUNCE_MS);
  const lookup = useVisitorInfo(kitHashedId, settled);
  if (!settled) return null;
  let body: ReactNode;
  if (lookup.isPending) body = <p>{REQUISITION_TEXTS.lookingUp}</p>;
  else if (lookup.isError) body = <p>{REQUISITION_TEXTS.lookupFailed}</p>;
  else if (!lookup.data.visits.length) body = <p>{REQUISITION_TEXTS.noVisits}</p>;
  else
    body = (
      <ul>
        {lookup.data.visits.map((visit) => (
          <li key={visit.studyVisit}>
            {REQUISITION_TEXTS.visitLine(
              visit.studyVisit,
              visit.visitAt ? formatZonedDateTime(visit.visitAt, timezone) : null,
              visit.kitTypes.map(kitTypeName).join(', '),
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <section className="requisition-visits" aria-live="polite" aria-label={REQUISITION_TEXTS.visitsHeading}>
      <h3>{REQUISITION_TEXTS.visitsHeading}</h3>
      {body}
    </section>
  );
}
