import type { Journey, TaxonChange } from '@portal/domain/report';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { formatChange, formatShare } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { type ReportColumn, ReportTable } from './report-table.tsx';

const MOVER_COLUMNS: ReportColumn[] = [
  { label: REPORT_TEXTS.taxonColumn },
  { label: JOURNEY_TEXTS.firstColumn, numeric: true },
  { label: JOURNEY_TEXTS.lastColumn, numeric: true },
  { label: JOURNEY_TEXTS.changeColumn, numeric: true },
];

function MoversTable({
  id,
  caption,
  taxa,
  none,
}: {
  id: string;
  caption: string;
  taxa: readonly TaxonChange[];
  none: string;
}) {
  if (taxa.length === 0) return <p>{none}</p>;
  return (
    <ReportTable labelledBy={id} caption={caption} columns={MOVER_COLUMNS}>
      {taxa.map((taxon) => (
        <tr key={taxon.name}>
          <th scope="row">{taxon.label}</th>
          <td className="report-number">{formatShare(taxon.before)}</td>
          <td className="report-number">{formatShare(taxon.after)}</td>
          <td className="report-number">{formatChange(taxon.change)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** The species that rose and fell most from the first sample to the latest. */
export function JourneyMovers({ journey }: { journey: Journey }) {
  return (
    <div className="journey-movers">
      <MoversTable
        id="journey-rose"
        caption={JOURNEY_TEXTS.roseCaption}
        taxa={journey.rose}
        none={JOURNEY_TEXTS.noneRose}
      />
      <MoversTable
        id="journey-fell"
        caption={JOURNEY_TEXTS.fellCaption}
        taxa={journey.fell}
        none={JOURNEY_TEXTS.noneFell}
      />
    </div>
  );
}
