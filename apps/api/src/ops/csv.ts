import fs from 'node:fs';
import { OpsError } from './client.ts';

/** Splits one CSV line, honouring double-quoted fields ("" is a quote inside one). */
function splitLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** Reads a CSV file with a header row into objects keyed by the (lower-cased) header names. */
export function readCsv(file: string): Record<string, string>[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    throw new OpsError(`Cannot read ${file}`);
  }
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim());
  if (!header) throw new OpsError(`${file} is empty`);
  const names = splitLine(header).map((h) => h.trim().toLowerCase());
  return lines.map((line) =>
    Object.fromEntries(splitLine(line).map((v, i) => [names[i] ?? `col${i}`, v.trim()])),
  );
}
