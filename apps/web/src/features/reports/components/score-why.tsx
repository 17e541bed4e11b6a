import type {
  BuildReport,
  GmhiGroupTerm,
  Gmwi2Contribution,
  Gmwi2ContributionGroup,
} from '@portal/domain/report';
import { gmhiDivisorText } from '@portal/domain/report/explain-texts';
import { formatCount, percentileExplanation } from '@portal/domain/report/readings';
import { lineageTaxon, RANK_NAMES, taxonLabel } from '@portal/domain/report/taxa';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { DIGITS, formatTaxonPercent, formatValue } from '../report-format.ts';
import { groupTaxa } from '../report-taxa.ts';
import { type ReportColumn, ReportTable } from './report-table.tsx';

const GMWI2_COLUMNS: ReportColumn[] = [
  { label: JOURNEY_TEXTS.microbeColumn },
  { label: JOURNEY_TEXTS.rankColumn },
  { label: JOURNEY_TEXTS.shareColumn, numeric: true },
  { label: JOURNEY_TEXTS.weightColumn, numeric: true },
];
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;

function Gmwi2Group({ group, taxa }: { group: Gmwi2ContributionGroup; taxa: readonly Gmwi2Contribution[] }) {
  const id = `why-gmwi2-${group.linkedWith}`;
  const members = groupTaxa(taxa, group.linkedWith);
  return (
    <ReportTable
      labelledBy={id}
      caption={JOURNEY_TEXTS.groupTotal(group.title, members.length, signed(group.subtotal))}
      columns={GMWI2_COLUMNS}
    >
      {members.map((taxon) => {
        const { rank, name } = lineageTaxon(taxon.lineage);
        return (
          <tr key={taxon.lineage}>
            <th scope="row" title={taxon.lineage}>
              {taxonLabel(name)}
            </th>
            <td>{RANK_NAMES[rank]}</td>
            <td className="report-number">{formatTaxonPercent(taxon.percent)}</td>
            <td className="report-number">{signed(taxon.coefficient)}</td>
          </tr>
        );
      })}
    </ReportTable>
  );
}

function GmhiGroup({ group }: { group: GmhiGroupTerm }) {
  const id = `why-gmhi-${group.linkedWith}`;
  return (
    <div>
      <h4 id={id}>{JOURNEY_TEXTS.gmhiGroup(group.title, group.present, group.listed)}</h4>
      {group.species.length === 0 ? (
        <p>{JOURNEY_TEXTS.noSpecies}</p>
      ) : (
        <ul>
          {group.species.map((s) => (
            <li key={s.name}>
              {s.label}: {formatTaxonPercent(s.percent)}
            </li>
          ))}
        </ul>
      )}
      <p>{gmhiDivisorText(group)}</p>
      <p>
        {JOURNEY_TEXTS.gmhiTerm(group.present, group.divisor, group.entropy.toFixed(4), group.psi.toFixed(4))}
      </p>
    </div>
  );
}

/**
 * "Why" (inside "How this is calculated"): each index as the terms that make it, so a person can redo the sum, and what a percentile means.
 * Reports stored before the explanations existed lack them; those parts then show the reading only.
 */
export function ScoreWhy({ report }: { report: BuildReport }) {
  const contributions = report.gmwi2Contributions ?? null;
  const gmhi = report.gmhiExplanation ?? null;
  const gmwi2Value = report.indices.gmwi2.value;
  const gmhiValue = report.indices.gmhi.value;
  return (
    <section className="report-why-part" aria-labelledby="report-why">
      <h3 id="report-why">{JOURNEY_TEXTS.whyTitle}</h3>
      <details className="report-why">
        <summary>
          {JOURNEY_TEXTS.whyGmwi2(
            gmwi2Value === null ? 'not computed' : formatValue(gmwi2Value, DIGITS.gmwi2),
          )}
        </summary>
        {contributions ? (
          <>
            <p>
              {JOURNEY_TEXTS.gmwi2Intro(
                contributions.taxa.length,
                formatValue(contributions.score, DIGITS.gmwi2),
              )}
            </p>
            {contributions.groups.map((group) => (
              <Gmwi2Group key={group.linkedWith} group={group} taxa={contributions.taxa} />
            ))}
            <p>
              {JOURNEY_TEXTS.gmwi2Sum(
                formatValue(contributions.intercept, 1),
                formatValue(contributions.score, DIGITS.gmwi2),
              )}
            </p>
          </>
        ) : (
          <p>{report.indices.gmwi2.reading}</p>
        )}
      </details>
      <details className="report-why">
        <summary>
          {JOURNEY_TEXTS.whyGmhi(gmhiValue === null ? 'not computed' : formatValue(gmhiValue, DIGITS.gmhi))}
        </summary>
        {gmhi ? (
          <>
            <p>{JOURNEY_TEXTS.gmhiIntro}</p>
            <GmhiGroup group={gmhi.healthPrevalent} />
            <GmhiGroup group={gmhi.healthScarce} />
            <p>
              {JOURNEY_TEXTS.gmhiFormula(
                gmhi.healthPrevalent.psi.toFixed(4),
                gmhi.healthScarce.psi.toFixed(4),
                String(gmhi.pseudocount),
                formatValue(gmhi.score, DIGITS.gmhi),
              )}
            </p>
          </>
        ) : (
          <p>{report.indices.gmhi.reading}</p>
        )}
      </details>
      {report.reference ? (
        <details className="report-why">
          <summary>{JOURNEY_TEXTS.whyPercentiles}</summary>
          <p>
            {JOURNEY_TEXTS.reference(
              report.reference.name,
              formatCount(report.reference.size),
              percentileExplanation(report.reference.size),
            )}
          </p>
        </details>
      ) : null}
    </section>
  );
}
