import { gmhiSpeciesName } from './gmhi-names.ts';
import type { MetaphlanProfile } from './profile.ts';
import { speciesPercentile } from './species-reference.ts';
import { RANK_NAMES, type Rank } from './taxa.ts';

export type TaxaCsvRow = {
  rank: string;
  name: string;
  ncbiTaxId: string | null;
  /** Percent of the whole sample, as the lab's MetaPhlAn profile gives it. */
  relativeAbundance: number;
  /** Species only: mid-rank percentile among the healthy people of GMHI's validation cohort; else null. */
  referencePercentile: number | null;
};

export const TAXA_CSV_HEADER = [
  'rank',
  'name',
  'ncbi_taxon_id',
  'relative_abundance_percent',
  'healthy_reference_percentile',
] as const;

/**
 * Every taxon of a profile in the lab's order, for the taxa CSV. MetaPhlAn 2 reference names are used for
 * the percentile (through the synonym table), measured on the share of the classified sample.
 */
export function taxaCsvRows(profile: MetaphlanProfile): TaxaCsvRow[] {
  const classified = 100 - profile.unknownPercent;
  return profile.taxa.map((t) => ({
    rank: RANK_NAMES[t.rank as Rank],
    name: t.name,
    ncbiTaxId: t.ncbiTaxId ?? null,
    relativeAbundance: t.abundance,
    referencePercentile:
      t.rank === 's' && classified > 0
        ? speciesPercentile(
            profile.markerVersion === 2 ? t.name : gmhiSpeciesName(t.name),
            (t.abundance / classified) * 100,
          )
        : null,
  }));
}

/** A cell a spreadsheet reads as text: quoted when needed, and never taken for a formula. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The taxa CSV of a profile (report download and the "My data" export): header, then one row per taxon. */
export function taxaCsv(profile: MetaphlanProfile): string {
  const lines = [TAXA_CSV_HEADER.join(',')];
  for (const row of taxaCsvRows(profile)) {
    const percentile =
      row.referencePercentile === null ? null : Math.round(row.referencePercentile * 10) / 10;
    lines.push([row.rank, row.name, row.ncbiTaxId, row.relativeAbundance, percentile].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
