import type { CompositionEntry } from '@portal/domain/report';
import { taxonLabel } from '@portal/domain/report/taxa';
import { formatShare } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

/** The composition's remainder row (the domain's OTHER_TAXA; its module reads files, so not imported here). */
const OTHER_TAXA = 'Other/unclassified';

/** How many species the bars show: enough to see who dominates, few enough to read on a phone. */
export const TOP_SPECIES = 8;

/** The most common named species, largest first. */
export function topSpecies(entries: readonly CompositionEntry[], count = TOP_SPECIES): CompositionEntry[] {
  return entries
    .filter((entry) => entry.name !== OTHER_TAXA && entry.percent > 0)
    .sort((a, b) => b.percent - a.percent)
    .slice(0, count);
}

/**
 * The most common species as horizontal bars drawn with CSS, no chart library: each bar is a list item
 * whose text (name and share) is what a screen reader reads; the bar itself only repeats it.
 */
export function TopSpecies({ species }: { species: readonly CompositionEntry[] }) {
  const top = topSpecies(species);
  if (top.length === 0) return null;
  const largest = top[0]?.percent ?? 100;
  return (
    <figure className="report-figure" aria-labelledby="report-top-species">
      <figcaption id="report-top-species">{REPORT_TEXTS.topSpeciesTitle(top.length)}</figcaption>
      <ol className="top-species">
        {top.map((entry) => (
          <li key={entry.name} className="top-species-row">
            <span className="top-species-name">{taxonLabel(entry.name)}</span>
            <span className="top-species-share">{formatShare(entry.percent)}</span>
            <span className="top-species-track" aria-hidden="true">
              <span
                className="top-species-bar"
                style={{ width: `${Math.max(1, (entry.percent / largest) * 100)}%` }}
              />
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
