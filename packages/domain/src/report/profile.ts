import { parsePercent, splitColumns, splitLines } from './cells.ts';
import { ProfileError, RANK_SUM_TOLERANCE } from './profile-error.ts';
import {
  cladeTree,
  isRank,
  RANK_NAMES,
  RANKS,
  type Rank,
  rankIndex,
  rankTotals,
  type Taxon,
} from './taxa.ts';

export type MarkerVersion = 2 | 3 | 4;

export type MetaphlanProfile = {
  /** The `#SampleID` value; null when absent or MetaPhlAn's placeholder (`Metaphlan_Analysis`). */
  sample: string | null;
  /** Marker database from the first header line, e.g. `mpa_v30_CHOCOPhlAn_201901`. */
  database: string | null;
  markerVersion: MarkerVersion | null;
  /** The UNKNOWN (MetaPhlAn 3) or UNCLASSIFIED (MetaPhlAn 4) row; 0 when the profile has none. */
  unknownPercent: number;
  taxa: Taxon[];
};

const PLACEHOLDER_SAMPLE_IDS = new Set(['Metaphlan_Analysis', 'Metaphlan2_Analysis', 'Metaphlan4_Analysis']);
const UNKNOWN_CLADES = new Set(['UNKNOWN', 'UNCLASSIFIED']);

/** MetaPhlAn generation of a marker database name: `mpa_v20_m200` → 2, `mpa_v30_…` → 3, `mpa_vOct22_…` → 4. */
export function markerVersionOf(database: string | null): MarkerVersion | null {
  if (!database) return null;
  const numbered = /^mpa_v(\d+)_/.exec(database)?.[1];
  if (numbered) {
    // v20 (MetaPhlAn 2), v296 (MetaPhlAn 3 beta), v30 and v31 (MetaPhlAn 3).
    if (numbered === '296' || numbered.startsWith('3')) return 3;
    return numbered.startsWith('2') ? 2 : null;
  }
  return /^mpa_v[A-Z][a-z]{2}\d{2}_/.test(database) ? 4 : null;
}

function parseLineage(clade: string, line: number): { rank: Rank; name: string } {
  const parts = clade.split('|');
  let previous = -1;
  for (const part of parts) {
    const match = /^([a-z])__(.+)$/.exec(part);
    if (!match?.[1] || !isRank(match[1])) {
      throw new ProfileError(
        `"${part}" in clade "${clade}" does not start with a known rank prefix (k__, p__, c__, o__, f__, g__, s__ or t__).`,
        line,
      );
    }
    const index = rankIndex(match[1]);
    if (index <= previous || (previous === -1 && index !== 0)) {
      throw new ProfileError(
        `Clade "${clade}" must run from k__ downwards with each rank once, in order (k, p, c, o, f, g, s, t).`,
        line,
      );
    }
    previous = index;
  }
  const last = parts[parts.length - 1] ?? '';
  return { rank: last.charAt(0) as Rank, name: last.slice(3) };
}

function checkRankTotals(taxa: readonly Taxon[], unknownPercent: number, firstLines: Map<Rank, number>) {
  const totals = rankTotals(cladeTree(taxa));
  for (const rank of RANKS) {
    const total = totals[rank] + unknownPercent;
    const tooLow = rank !== 't' && total < 100 - RANK_SUM_TOLERANCE;
    if (!tooLow && total <= 100 + RANK_SUM_TOLERANCE) continue;
    const where = firstLines.get(rank);
    throw new ProfileError(
      `The ${RANK_NAMES[rank]}-level abundances add up to ${total.toFixed(2)}% ` +
        `(UNKNOWN row included) instead of 100%${where ? ` (first ${RANK_NAMES[rank]} row at line ${where})` : ''}. ` +
        'Check that the file is a complete, unedited MetaPhlAn profile.',
    );
  }
}

/**
 * Reads a MetaPhlAn 2, 3 or 4 profile (`metaphlan -t rel_ab` output, with or without
 * `--unknown_estimation` / `--unclassified_estimation`). Throws a ProfileError on anything a report
 * should not be built from.
 */
export function parseMetaphlanProfile(text: string): MetaphlanProfile {
  const lines = splitLines(text);
  const header: ProfileHeader = { database: null, sample: null, metaphlan2: false, abundanceColumn: null };
  let unknownPercent: number | null = null;
  let twoColumnRows = 0;
  const taxa: Taxon[] = [];
  const seen = new Map<string, number>();
  const firstLines = new Map<Rank, number>();

  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    if (raw.trim() === '') continue;
    if (raw.startsWith('#')) {
      readHeaderLine(raw, line, header);
      continue;
    }
    const columns = splitColumns(raw);
    const clade = (columns[0] ?? '').trim();
    const cell = columns[header.abundanceColumn ?? (columns.length === 2 ? 1 : 2)];
    if (cell === undefined || cell.trim() === '') {
      throw new ProfileError(
        `Expected tab-separated columns clade_name, NCBI_tax_id, relative_abundance; found "${raw.trim()}".`,
        line,
      );
    }
    const abundance = parsePercent(cell, `Relative abundance of ${clade}`, line);
    if (UNKNOWN_CLADES.has(clade)) {
      if (unknownPercent !== null) throw new ProfileError(`A second ${clade} row.`, line);
      unknownPercent = abundance;
      continue;
    }
    const { rank, name } = parseLineage(clade, line);
    const first = seen.get(clade);
    if (first !== undefined) {
      throw new ProfileError(`Clade "${clade}" appears twice (first at line ${first}).`, line);
    }
    seen.set(clade, line);
    if (!firstLines.has(rank)) firstLines.set(rank, line);
    if (columns.length === 2) twoColumnRows++;
    const taxId = ncbiTaxIdOf(columns, header.abundanceColumn);
    taxa.push({ lineage: clade, rank, name, abundance, ...(taxId ? { ncbiTaxId: taxId } : {}) });
  }

  if (lines.every((l) => l.trim() === '')) throw new ProfileError('The file is empty.');
  if (taxa.length === 0) {
    throw new ProfileError(
      'The file has no taxa rows (clade_name, NCBI_tax_id, relative_abundance). ' +
        'Is it a MetaPhlAn profile, and did MetaPhlAn detect anything in the sample?',
    );
  }
  const unknown = unknownPercent ?? 0;
  checkRankTotals(taxa, unknown, firstLines);

  return {
    sample: header.sample,
    database: header.database,
    markerVersion: inferMarkerVersion(header, taxa, twoColumnRows === taxa.length),
    unknownPercent: unknown,
    taxa,
  };
}

/** The last id of the NCBI_tax_id column (`2|1239|186801` → `186801`); MetaPhlAn 2 has no such column. */
function ncbiTaxIdOf(columns: readonly string[], abundanceColumn: number | null): string | null {
  if (columns.length < 3 || abundanceColumn === 1) return null;
  const id = (columns[1] ?? '').trim().split('|').pop() ?? '';
  return /^\d+$/.test(id) ? id : null;
}

type ProfileHeader = {
  database: string | null;
  sample: string | null;
  metaphlan2: boolean;
  abundanceColumn: number | null;
};

function readHeaderLine(raw: string, line: number, header: ProfileHeader): void {
  const text = raw.slice(1).trim();
  const columns = splitColumns(text).map((c) => c.trim());
  if (header.database === null && /^mpa_/.test(text)) {
    header.database = text.split(/\s/)[0] ?? null;
  } else if (columns[0] === 'SampleID') {
    const id = columns[1] ?? '';
    header.sample = id && !PLACEHOLDER_SAMPLE_IDS.has(id) ? id : null;
    header.metaphlan2 = id === 'Metaphlan2_Analysis';
  } else if (columns[0] === 'clade_name') {
    const index = columns.indexOf('relative_abundance');
    if (index < 0) throw new ProfileError('The column header has no relative_abundance column.', line);
    header.abundanceColumn = index;
  }
}

/** Without a database line: MetaPhlAn 2 wrote two columns; MetaPhlAn 4 names strains by SGB. */
function inferMarkerVersion(
  header: ProfileHeader,
  taxa: readonly Taxon[],
  twoColumns: boolean,
): MarkerVersion | null {
  if (header.database) return markerVersionOf(header.database);
  if (header.metaphlan2 || twoColumns) return 2;
  if (taxa.some((t) => t.rank === 't' && /^SGB\d+/.test(t.name))) return 4;
  return null;
}
