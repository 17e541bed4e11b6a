import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/* Issue 37 (Porcari et al. 2025 consensus): the Firmicutes/Bacteroidetes ratio appears nowhere. */

const root = new URL('../../../../', import.meta.url);
const SOURCES = ['packages/domain/src', 'apps/api/src', 'apps/web/src'];
const RATIO =
  /(firmicutes|bacillota)\s*(\/|:|to)\s*(bacteroidetes|bacteroidota)|\bF\/B\s+ratio|fbRatio|firmicutesBacteroidetes/i;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('no-fb-ratio.test.ts') ? [path] : [];
  });
}

describe('no Firmicutes/Bacteroidetes ratio', () => {
  it('is computed, stored or shown anywhere in the code', () => {
    const found = SOURCES.flatMap((dir) => files(new URL(dir, root).pathname)).filter((path) =>
      RATIO.test(readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
