import type { Journey, TaxonChange } from '@portal/domain/report';
import { journeyMoversText } from '@portal/domain/report/journey-movers';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { formatChange, formatDisplayDate, formatShare } from '../report-format.ts';
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

/**
 * The species that rose and fell most between the two samples compared (the latest and the latest earlier
 * one of its lab database), named first; when no earlier sample shares its database, why none are compared.
 */
export function JourneyMovers({ journey }: { journey: Journey }) {
  const which = journeyMoversText(journey, formatDisplayDate);
  if (!journey.compared) return which ? <p className="journey-movers-samples">{which}</p> : null;
  return (
    <div className="journey-movers">
      <p className="journey-movers-samples">{which}</p>
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
