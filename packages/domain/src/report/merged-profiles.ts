import { splitLines } from './cells.ts';
import { ProfileError } from './profile-error.ts';

/**
 * The lab uploads either one MetaPhlAn profile per sample or one table merged with
 * `merge_metaphlan_tables.py` (every rank, a column per sample). A report is built from a profile, so a
 * merged table is split back into one profile per sample here: the same text a `metaphlan` run would
 * have written for it, checked by parseMetaphlanProfile like any uploaded file. Pure, so the staff
 * console splits a table in the browser and sends it to the server one sample at a time.
 */

const FIRST_COLUMNS = new Set(['clade_name', 'species', 'id', 'taxon', 'taxa']);
const LINEAGE_COLUMNS = new Set(['ncbi_tax_id', 'clade_taxid']);

export const SPECIES_ONLY_TABLE =
  'This table holds species only, but a report needs every rank of a MetaPhlAn profile. Upload each sample’s profile, or a table merged with merge_metaphlan_tables.py.';

const cellsOf = (line: string) =>
  (line.includes('\t') ? line.split('\t') : line.split(',')).map((c) => c.trim());

/** Whether the text is a merged table (a header row naming samples) rather than one sample's profile. */
export function isMergedTable(text: string): boolean {
  for (const raw of splitLines(text)) {
    if (raw.trim() === '') continue;
    const commentedHeader = /^#\s*clade_name\b/i.test(raw);
    if (raw.startsWith('#') && !commentedHeader) continue;
    const cells = cellsOf(raw.replace(/^#\s*/, '')).map((c) => c.toLowerCase());
    if (!FIRST_COLUMNS.has(cells[0] ?? '')) return false;
    return !cells.includes('relative_abundance') && cells.length >= 2;
  }
  return false;
}

export type SplitProfile = { column: string; text: string };

/** One MetaPhlAn profile per sample column of a merged table. Throws ProfileError. */
export function splitMergedProfiles(text: string): SplitProfile[] {
  let database: string | null = null;
  let header: { skip: number; columns: string[] } | null = null;
  const rows: { clade: string; taxId: string; values: string[] }[] = [];
  for (const [i, raw] of splitLines(text).entries()) {
    const line = i + 1;
    if (raw.trim() === '') continue;
    if (raw.startsWith('#') && !/^#\s*clade_name\b/i.test(raw)) {
      const comment = raw.slice(1).trim();
      if (database === null && comment.startsWith('mpa_')) database = comment.split(/\s/)[0] ?? null;
      continue;
    }
    const cells = cellsOf(raw.replace(/^#\s*/, ''));
    if (header === null) {
      const skip = LINEAGE_COLUMNS.has((cells[1] ?? '').toLowerCase()) ? 2 : 1;
      const columns = cells.slice(skip);
      if (columns.length === 0 || columns.some((c) => c === ''))
        throw new ProfileError('Every sample column needs a name in the header row.', line);
      header = { skip, columns };
      continue;
    }
    if (cells.length !== header.skip + header.columns.length)
      throw new ProfileError(
        `Expected ${header.skip + header.columns.length} columns like the header row, found ${cells.length}.`,
        line,
      );
    rows.push({
      clade: cells[0] ?? '',
      taxId: header.skip === 2 ? (cells[1] ?? '') : '',
      values: cells.slice(header.skip),
    });
  }
  if (header === null) throw new ProfileError('The file is empty.');
  if (!rows.some((r) => r.clade.startsWith('k__'))) throw new ProfileError(SPECIES_ONLY_TABLE);
  const { columns } = header;
  return columns.map((column, c) => {
    const lines = [
      ...(database ? [`#${database}`] : []),
      `#SampleID\t${column}`,
      '#clade_name\tNCBI_tax_id\trelative_abundance\tadditional_species',
    ];
    for (const row of rows) {
      const value = row.values[c] ?? '';
      // A profile lists the clades found in its sample; a merged table has zeros for the others.
      if (Number(value) === 0 && value !== '') continue;
      lines.push(`${row.clade}\t${row.taxId || (row.clade === 'UNKNOWN' ? '-1' : '')}\t${value}\t`);
    }
    return { column, text: `${lines.join('\n')}\n` };
  });
}
