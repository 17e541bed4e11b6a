import type { BuildReport, Gmwi2Contribution, LinkedWith, Rank } from '@portal/domain/report';
import { lineageTaxon, taxonLabel } from '@portal/domain/report/taxa';

/*
 * The stored report lists each taxon once (decision 027, session 11): GMWI2's in gmwi2Contributions.taxa,
 * GMHI's in gmhiExplanation's two groups. The page's groups and its notable taxa are read from those.
 */

export type NotableTaxon = {
  index: 'GMWI2' | 'GMHI';
  name: string;
  label: string;
  rank: Rank;
  /** Percent of the classified sample (GMWI2), or of the species GMHI counts (its renormalised share). */
  percent: number;
  linkedWith: LinkedWith;
};

/** A report stored before session 11 whose profile could not be rebuilt still carries its own list. */
type StoredReport = BuildReport & { notableTaxa?: NotableTaxon[] };

/** A GMWI2 group's taxa, in the report's order (largest effect first). */
export function groupTaxa(taxa: readonly Gmwi2Contribution[], linkedWith: LinkedWith) {
  return taxa.filter((taxon) => taxon.linkedWith === linkedWith);
}

/** GMWI2's contributing taxa (largest effect first), then GMHI's signature species present (largest share first). */
export function notableTaxaOf(report: StoredReport): NotableTaxon[] {
  const contributions = report.gmwi2Contributions ?? null;
  const gmhi = report.gmhiExplanation ?? null;
  if (!contributions && !gmhi && report.notableTaxa) return report.notableTaxa;
  const gmwi2 = (contributions?.taxa ?? []).map((t): NotableTaxon => {
    // Stored as its lineage only (decision 027): rank and name are its last part.
    const { rank, name } = lineageTaxon(t.lineage);
    return {
      index: 'GMWI2',
      name,
      label: taxonLabel(name),
      rank,
      percent: t.percent,
      linkedWith: t.linkedWith,
    };
  });
  const gmhiSpecies = gmhi ? [...gmhi.healthPrevalent.species, ...gmhi.healthScarce.species] : [];
  const gmhiNotables = gmhiSpecies
    .map(
      (s): NotableTaxon => ({
        index: 'GMHI',
        name: s.name,
        label: s.label,
        rank: 's',
        percent: s.percent,
        linkedWith: s.linkedWith,
      }),
    )
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
  return [...gmwi2, ...gmhiNotables];
}
