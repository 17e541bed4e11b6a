import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The API's floor plan (decision 042), checked on the files themselves: every relative import of every
// source file under src/ is resolved to the file it names, then
// - a layer imports only the layers below it (composition > features > plugins > adapters > lib > db);
// - no two folders import each other;
// - a feature imports another feature only through that feature's index.ts, and only along an edge
//   listed in FEATURE_EDGES below, so a new dependency between features is a decision, not an accident.
// Tests and test support (test/, security/, *.test-helpers.ts) may import anything and are not checked,
// but no source file may import them.

const src = import.meta.dirname;

/** From highest to lowest. A unit is features/<name>, a folder at the top of src/, or a file there. */
const LAYERS: { name: string; units: string[] }[] = [
  {
    name: 'composition',
    units: [
      'server.ts',
      'node-version.ts',
      'startup.ts',
      'app.ts',
      'routes.ts',
      'jobs.ts',
      'web-app.ts',
      'ops',
    ],
  },
  { name: 'features', units: ['features/*'] },
  { name: 'plugins', units: ['plugins'] },
  { name: 'adapters', units: ['adapters'] },
  { name: 'lib', units: ['lib'] },
  { name: 'db and config', units: ['db', 'config.ts'] },
];

/** Test code: it may use every layer, and no source file may import it. */
const TEST_SUPPORT = ['test', 'security'];
const isTestFile = (file: string) => /\.test\.ts$/.test(file);
const isTestSupport = (file: string) =>
  /\.test-helpers\.ts$/.test(file) || TEST_SUPPORT.includes(file.split('/')[0] ?? '');

/**
 * Every dependency of one feature on another, as "from -> to": each goes through the other feature's
 * index.ts, which exports what other features may use. A new edge fails the suite until it is listed
 * here; the list must stay free of cycles, so features form a plain hierarchy.
 */
const FEATURE_EDGES = [
  'admin -> auth',
  'auth -> notifications',
  'coach -> notifications',
  'consent -> notifications',
  'kits -> notifications',
  'reminders -> notifications',
  'reports -> notifications',
  'staff -> notifications',
  'staff-orders -> notifications',
  'staff-studies -> notifications',
  'reminders -> surveys',
  'surveys -> notifications',
  'admin -> consent',
  'admin -> kits',
  'admin -> reports',
  'auth -> kits',
  'coach -> surveys',
  'consent -> auth',
  'legal -> consent',
  'consent -> staff',
  'consent -> users',
  'data-rights -> auth',
  'data-rights -> kits',
  'data-rights -> email-preferences',
  'data-rights -> reports',
  'data-rights -> staff',
  'data-rights -> surveys',
  'kits -> surveys',
  'orders -> kits',
  'profile -> auth',
  'profile -> users',
  'reports -> kits',
  'requisition -> surveys',
  'research -> auth',
  'research -> kits',
  'staff -> auth',
  'staff-codes -> kits',
  'staff-codes -> orders',
  'staff-codes -> staff',
  'staff-kits -> kits',
  'staff-kits -> reports',
  'staff-kits -> staff',
  'staff-queues -> staff',
  'staff-orders -> kits',
  'staff-orders -> orders',
  'staff-orders -> staff',
  'staff-people -> auth',
  'staff-people -> consent',
  'staff-people -> data-rights',
  'staff-people -> research',
  'staff-people -> staff',
  'staff-studies -> kits',
  'staff-studies -> recruitment',
  'staff-studies -> requisition',
  'staff-studies -> research',
  'staff-studies -> staff',
];

const importPattern = /(?:from\s+|import\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) ? [path.relative(src, full).split(path.sep).join('/')] : [];
  });
}

/** The file an import names (a folder means its index.ts), as a path from src/; null if there is none. */
function resolve(from: string, specifier: string): string | null {
  const target = path.resolve(path.dirname(path.join(src, from)), specifier);
  const candidates = [target, `${target}.ts`, path.join(target, 'index.ts')];
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  return found === undefined ? null : path.relative(src, found).split(path.sep).join('/');
}

type Import = { from: string; to: string | null; specifier: string };

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  return [...text.matchAll(importPattern)].map(([, specifier = '']) => ({
    from: file,
    to: resolve(file, specifier),
    specifier,
  }));
}

/** 'features/kits/kits.service.ts' -> 'features/kits'; 'plugins/x.ts' -> 'plugins'; 'app.ts' -> 'app.ts'. */
function unitOf(file: string): string {
  const [top = '', second] = file.split('/');
  if (top === 'features' && second !== undefined) return `features/${second}`;
  return top;
}

const featureOf = (file: string) => (file.startsWith('features/') ? (file.split('/')[1] ?? null) : null);

/** The layer's rank, 0 for the highest; undefined for a unit no layer names. */
function rankOf(unit: string): number | undefined {
  const index = LAYERS.findIndex(({ units }) =>
    units.some((u) => u === unit || (u.endsWith('/*') && unit.startsWith(u.slice(0, -1)))),
  );
  return index === -1 ? undefined : index;
}

const files = sourceFiles(src);
const sources = files.filter((file) => !isTestFile(file) && !isTestSupport(file));
const imports = sources.flatMap(importsOf);
const resolved = imports.filter((i): i is Import & { to: string } => i.to !== null);
const show = (i: Import) => `${i.from} -> ${i.to ?? i.specifier}`;
/** The imports from one feature into another. */
const crossings = resolved.filter((i) => {
  const from = featureOf(i.from);
  const to = featureOf(i.to);
  return from !== null && to !== null && from !== to;
});

describe('the API floor plan', () => {
  it('resolves every relative import of every file to a file', () => {
    const unresolved = files.flatMap(importsOf).filter((i) => i.to === null);
    expect(unresolved.map(show), 'an import names no file').toEqual([]);
  });

  it('places every folder and top-level file of src/ in a layer', () => {
    const unplaced = [...new Set(sources.map(unitOf))].filter((unit) => rankOf(unit) === undefined);
    expect(unplaced, 'add it to LAYERS in architecture.test.ts').toEqual([]);
  });

  it('never imports a higher layer, nor test code', () => {
    const upward = resolved.filter((i) => {
      if (isTestFile(i.to) || isTestSupport(i.to)) return true;
      const from = rankOf(unitOf(i.from));
      const to = rankOf(unitOf(i.to));
      return from !== undefined && to !== undefined && to < from;
    });
    expect(upward.map(show), 'a lower layer imports a higher one').toEqual([]);
  });

  it('has no two folders that import each other', () => {
    const edges = new Set(resolved.map((i) => `${unitOf(i.from)} -> ${unitOf(i.to)}`));
    const pairs = [...edges]
      .map((edge) => edge.split(' -> ') as [string, string])
      .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
      .map(([a, b]) => `${a} <-> ${b}`);
    expect(pairs, 'two folders import each other').toEqual([]);
  });

  it("reaches into no other feature's internals: only its index.ts", () => {
    const intoInternals = crossings.filter((i) => i.to !== `features/${featureOf(i.to)}/index.ts`);
    expect(intoInternals.map(show), "a feature imports another feature's internals").toEqual([]);
  });

  it('depends on another feature only along an edge listed in FEATURE_EDGES', () => {
    const unlisted = crossings
      .map((i) => `${featureOf(i.from)} -> ${featureOf(i.to)}`)
      .filter((edge) => !FEATURE_EDGES.includes(edge));
    expect([...new Set(unlisted)], 'a new dependency between features: list it in FEATURE_EDGES').toEqual([]);
  });

  it('lists only edges that exist, and they form no cycle', () => {
    const used = new Set(crossings.map((i) => `${featureOf(i.from)} -> ${featureOf(i.to)}`));
    expect(
      FEATURE_EDGES.filter((edge) => !used.has(edge)),
      'no longer used: remove it',
    ).toEqual([]);
    const next = new Map<string, string[]>();
    for (const [from = '', to = ''] of FEATURE_EDGES.map((edge) => edge.split(' -> ')))
      next.set(from, [...(next.get(from) ?? []), to]);
    const cycles: string[] = [];
    const visit = (feature: string, trail: string[]) => {
      if (trail.includes(feature)) {
        cycles.push([...trail.slice(trail.indexOf(feature)), feature].join(' -> '));
        return;
      }
      for (const to of next.get(feature) ?? []) visit(to, [...trail, feature]);
    };
    for (const feature of next.keys()) visit(feature, []);
    expect(cycles, 'features import each other in a circle').toEqual([]);
  });
});
