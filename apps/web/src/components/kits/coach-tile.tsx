import { coachTileState, type Kit, laterReportSample, questionnairesComplete } from '@portal/domain';
import { Link } from 'react-router';
import { useKits } from '../../lib/kits-api.ts';
import { Button } from '../ui/button.tsx';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * The Microbiome Coach tile, once results are available: blue after the session (compare reports when
 * there is a later report to compare with, otherwise the report itself),
 * green when the questionnaires are complete (book), otherwise grey (how to book, in the info modal).
 * With `onBook`, 'Book now!' opens the booking there and then; without it, it leads to the coach page.
 */
export function CoachTile({
  kit,
  onHowToBook,
  onBook,
}: {
  kit: Kit;
  onHowToBook: () => void;
  onBook?: () => void;
}) {
  const kits = useKits();
  const state = coachTileState(kit, questionnairesComplete(kit.surveysStats));
  if (!state) return null;
  const later = laterReportSample(kits.data ?? [kit], kit);
  const samples = later ? [kit.sampleIdentifier, later] : [kit.sampleIdentifier];
  const reportLink = `/report?${new URLSearchParams(samples.map((sample) => ['samples', sample]))}`;
  return (
    <section className={`coach-tile coach-tile-${state.toLowerCase()}`} data-state={state}>
      <h3>{KITS_TEXTS.coachTitle}</h3>
      {state === 'COMPLETED' ? (
        <>
          <p>{KITS_TEXTS.coachCompleted}</p>
          <Link to={reportLink}>{later ? KITS_TEXTS.coachCompare : KITS_TEXTS.coachViewReport}</Link>
        </>
      ) : null}
      {state === 'BOOK' ? (
        <>
          <p>{KITS_TEXTS.coachBookIntro}</p>
          {onBook ? (
            <Button onClick={onBook}>{KITS_TEXTS.coachBook}</Button>
          ) : (
            <Link className="button button-primary" to="/coach">
              {KITS_TEXTS.coachBook}
            </Link>
          )}
        </>
      ) : null}
      {state === 'HOW_TO' ? (
        <>
          <p>{KITS_TEXTS.coachHowToIntro}</p>
          <Button variant="secondary" onClick={onHowToBook}>
            {KITS_TEXTS.coachHowTo}
          </Button>
        </>
      ) : null}
    </section>
  );
}
