import { parsePercent, splitLines } from './cells.ts';
import { type MarkerVersion, markerVersionOf } from './profile.ts';
import { ProfileError, RANK_SUM_TOLERANCE } from './profile-error.ts';

export type SpeciesSample = {
  sample: string;
  /** Species name without the `s__` prefix → percent, as written in the table. */
  species: Record<string, number>;
};

export type MergedSpeciesTable = {
  database: string | null;
  markerVersion: MarkerVersion | null;
  samples: SpeciesSample[];
};

const FIRST_COLUMN_NAMES = new Set(['species', 'clade_name', 'id', 'taxon', 'taxa', '#clade_name', '']);
const LINEAGE_COLUMNS = new Set(['ncbi_tax_id', 'clade_taxid']);

/** Splits one CSV or TSV line; double-quoted CSV cells may hold the delimiter and `""`. */
function splitRow(line: string, delimiter: string): string[] {
  if (delimiter === '\t' || !line.includes('"')) return line.split(delimiter).map((c) => c.trim());
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The species name of a first-column cell, or null when the row is not at species rank. */
function speciesName(cell: string): string | null {
  const last = cell.slice(cell.lastIndexOf('|') + 1);
  return last.startsWith('s__') && last.length > 3 ? last.slice(3) : null;
}

/**
 * Reads a species × samples table of percentages: the GMHI layout (CSV, first column `Species` with
 * `s__` names) or MetaPhlAn's `merge_metaphlan_tables.py` output (TSV with full lineages, of which only
 * the species rows are kept). Handles a UTF-8 BOM, CRLF line ends and a missing final newline.
 */
export function parseMergedSpeciesTable(text: string): MergedSpeciesTable {
  const lines = splitLines(text);
  let database: string | null = null;
  let header: { line: number; cells: string[]; delimiter: string } | null = null;
  const samples: SpeciesSample[] = [];
  const seen = new Map<string, number>();

  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    if (raw.trim() === '') continue;
    if (header === null && raw.startsWith('#') && !raw.startsWith('#clade_name')) {
      const text = raw.slice(1).trim();
      if (database === null && text.startsWith('mpa_')) database = text.split(/\s/)[0] ?? null;
      continue;
    }
    if (header === null) {
      const delimiter = raw.includes('\t') ? '\t' : ',';
      const cells = splitRow(raw, delimiter);
      if (!FIRST_COLUMN_NAMES.has((cells[0] ?? '').toLowerCase())) {
        throw new ProfileError(
          `Expected a header row whose first column is "Species" or "clade_name", found "${cells[0]}".`,
          line,
        );
      }
      const skip = LINEAGE_COLUMNS.has((cells[1] ?? '').toLowerCase()) ? 2 : 1;
      const names = cells.slice(skip);
      if (names.length === 0 || names.some((n) => n === '')) {
        throw new ProfileError('Every sample column needs a name in the header row.', line);
      }
      header = { line, cells: cells.slice(0, skip), delimiter };
      // No prototype: a species named by the file (`s____proto__`) is then an ordinary key.
      for (const sample of names) samples.push({ sample, species: Object.create(null) });
      continue;
    }
    const cells = splitRow(raw, header.delimiter);
    const skip = header.cells.length;
    if (cells.length !== skip + samples.length) {
      throw new ProfileError(
        `Expected ${skip + samples.length} columns like the header row, found ${cells.length}.`,
        line,
      );
    }
    const name = speciesName(cells[0] ?? '');
    if (name === null) continue;
    const first = seen.get(name);
    if (first !== undefined) {
      throw new ProfileError(`Species "${name}" appears twice (first at line ${first}).`, line);
    }
    seen.set(name, line);
    samples.forEach((s, column) => {
      const value = parsePercent(cells[skip + column] ?? '', `Abundance of ${name} in ${s.sample}`, line);
      s.species[name] = value;
    });
  }

  if (header === null) throw new ProfileError('The file is empty.');
  if (seen.size === 0) throw new ProfileError('The table has no species rows (names starting with s__).');
  for (const { sample, species } of samples) {
    const total = Object.values(species).reduce((sum, v) => sum + v, 0);
    if (total > 100 + RANK_SUM_TOLERANCE) {
      throw new ProfileError(
        `The species of sample ${sample} add up to ${total.toFixed(2)}%, more than 100%. Are the values percentages of one sample per column?`,
      );
    }
  }
  return { database, markerVersion: markerVersionOf(database), samples };
}
