import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Import boundaries (style.md, after bulletproof-react): a feature imports components/, lib/, test/ and
// @portal/domain, never another feature; components/ and lib/ never import a feature. Biome's
// noRestrictedImports matches the import text, not the file it resolves to, so a relative
// '../../orders/x' cannot be told from a feature's own folder there; this test resolves each import.

const src = import.meta.dirname;
const importPattern = /(?:from\s+|import\(\s*|vi\.mock\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(src, full)] : [];
  });
}

/** Every relative import of a file, as a path from src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  return [...text.matchAll(importPattern)].map((match) =>
    path.relative(src, path.resolve(path.dirname(path.join(src, file)), match[1] ?? '')),
  );
}

/** 'features/kits/pages/kits-page.tsx' -> 'kits'; null outside features/. */
function featureOf(file: string): string | null {
  const [top, feature] = file.split(path.sep);
  return top === 'features' && feature !== undefined ? feature : null;
}

describe('import boundaries', () => {
  const files = sourceFiles(src);

  it('keeps each feature to its own folder, components/, lib/ and test/', () => {
    const crossings = files.flatMap((file) => {
      const own = featureOf(file);
      if (own === null) return [];
      return importsOf(file)
        .filter((target) => {
          const other = featureOf(target);
          return other !== null && other !== own;
        })
        .map((target) => `${file} -> ${target}`);
    });
    expect(
      crossings,
      'a feature imports another feature: move the shared piece to components/ or lib/',
    ).toEqual([]);
  });

  it('keeps components/ and lib/ free of feature imports', () => {
    const crossings = files
      .filter((file) => file.startsWith(`components${path.sep}`) || file.startsWith(`lib${path.sep}`))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => featureOf(target) !== null)
          .map((target) => `${file} -> ${target}`),
      );
    expect(crossings, 'shared code imports a feature: shared code must not depend on a page').toEqual([]);
  });
});
