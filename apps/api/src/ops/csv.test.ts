import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpsError } from './client.ts';
import { readCsv } from './csv.ts';

function csvFile(text: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'csv-')), 'in.csv');
  fs.writeFileSync(file, text);
  return file;
}

describe('readCsv', () => {
  it('keys rows by the lower-cased header, trimming cells and skipping blank lines', () => {
    const file = csvFile('\uFEFFCode , Name\r\n A1 , Ada \r\n\r\nB2,Grace\r\n');
    expect(readCsv(file)).toEqual([
      { code: 'A1', name: 'Ada' },
      { code: 'B2', name: 'Grace' },
    ]);
  });

  it('keeps a comma inside a quoted field', () => {
    const file = csvFile('street,suburb\n"1 Main St, Unit 4",Carlton\n');
    expect(readCsv(file)).toEqual([{ street: '1 Main St, Unit 4', suburb: 'Carlton' }]);
  });

  it('keeps a line break inside a quoted field, and a doubled quote as one quote', () => {
    const file = csvFile('street,note\n"Level 2\n10 King St","say ""hi"""\nnext,row\n');
    expect(readCsv(file)).toEqual([
      { street: 'Level 2\n10 King St', note: 'say "hi"' },
      { street: 'next', note: 'row' },
    ]);
  });

  it('refuses an empty, unreadable or malformed file with an ops error', () => {
    expect(() => readCsv(csvFile(''))).toThrow(OpsError);
    expect(() => readCsv(path.join(os.tmpdir(), 'no-such-dir', 'x.csv'))).toThrow(OpsError);
    expect(() => readCsv(csvFile('a,b\n"open,1\n'))).toThrow(OpsError);
  });
});
