import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { OpsError } from './client.ts';

/**
 * Reads a CSV file with a header row into objects keyed by the (lower-cased) header names. csv-parse
 * handles quoting: a quoted field may hold commas, doubled quotes and line breaks.
 */
export function readCsv(file: string): Record<string, string>[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new OpsError(`Cannot read ${file}`);
  }
  let rows: Record<string, string>[];
  try {
    rows = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    throw new OpsError(`${file} is not valid CSV: ${(error as Error).message}`);
  }
  if (rows.length === 0 && !text.trim()) throw new OpsError(`${file} is empty`);
  return rows;
}
