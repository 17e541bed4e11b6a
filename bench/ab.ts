// Over 300 lines: the A/B's table of layers, its measurement loop and its printing are one script that is
// run as a whole and read top to bottom (as bench/api.ts); nothing here is imported by the product.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SpeedLayer } from '../apps/api/src/config.ts';
import {
  envOf,
  type Figure,
  measure,
  pgliteStore,
  postgresStore,
  type Route,
  type Settings,
  type Store,
  seedAnswerers,
  seedJourneyPerson,
  seedPerson,
  signIn,
} from './api.ts';
import { type Server, startServer } from './server.ts';

/**
 * `BENCH_ONLY=ab npm run bench`: the speed layers' A/B (issue 31). A layer stays only if it buys at least
 * 20 % on its endpoint in one quiet run, or it is what keeps the event loop free. For each layer two
 * servers run on the same data: A as shipped, B with the layer off (BENCH_LAYERS_OFF, honoured only with
 * BENCH_ROUTES outside production; SPEED_LAYERS in apps/api/src/config.ts says what each B runs instead). In
 * each round every endpoint, and `SELECT 1` as the control, is loaded on A and on B back to back (which
 * goes first alternates by round), so both sides of a ratio see the same machine. Printed per endpoint:
 * req/s of A and B (medians), A÷B (median of the per-round ratios), p99s, the server's CPU time per
 * request (utime + stime of the server process, all its threads, from /proc), and the verdict against
 * the 20 % rule. For the embedded database's thread, also /healthz's latency while a heavy statement runs,
 * with and without the thread (the event-loop rule: a cheap route answers in under 50 ms).
 *
 * Settings: BENCH_DURATION, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_DATABASE_URL as for `npm run bench`;
 * BENCH_AB_LAYERS (comma-separated runs, default all: pglite-thread, prepared, report-text, journey-cache, pdf-cache; a bare layer
 * name runs it on every database listed for it). The compiled serializers and the answer save's count in
 * a CTE were measured here too and removed (decision 067);
 * BENCH_AB_HEAVY_ROWS (rows the heavy statement counts, 3 000 000); BENCH_AB_HEAVY_SAMPLES (5).
 * Sessions last 15 minutes: a layer's run (rounds × endpoints × 2 × duration) must end within them.
 */

type Endpoint = 'select1' | 'dashboard' | 'kits' | 'answer' | 'report' | 'journey' | 'pdf';
type Run = {
  layer: SpeedLayer;
  database: 'postgres' | 'pglite';
  /** What B runs instead. */
  plain: string;
  decision: string;
  endpoints: Exclude<Endpoint, 'select1'>[];
  /** /healthz while a heavy statement runs, on A and on B. */
  eventLoop?: boolean;
};

const RUNS: Run[] = [
  {
    layer: 'pglite-thread',
    database: 'pglite',
    plain: "PGlite on the server's thread through drizzle's PGlite driver",
    decision: '017, 030',
    endpoints: ['dashboard', 'kits', 'answer', 'report'],
    eventLoop: true,
  },
  {
    layer: 'prepared',
    database: 'postgres',
    plain: 'the same drizzle builders built for every call, sent unnamed',
    decision: '016 (named statements), 036',
    endpoints: ['dashboard', 'kits', 'answer', 'report', 'journey'],
  },
  {
    layer: 'report-text',
    database: 'postgres',
    plain: 'the report jsonb read and written again with JSON.stringify',
    decision: '028, 033',
    endpoints: ['report'],
  },
  {
    layer: 'journey-cache',
    database: 'postgres',
    plain: "the person's reports read and their journey computed and written on every read",
    decision: '071 (journey kept under its key)',
    endpoints: ['journey'],
  },
  {
    layer: 'pdf-cache',
    database: 'postgres',
    plain: 'every report PDF drawn again on the pool',
    decision: '046',
    endpoints: ['pdf'],
  },
];

const NAMES: Record<Endpoint, string> = {
  select1: 'SELECT 1 (control)',
  dashboard: 'GET /api/dashboard',
  kits: 'GET /api/kits',
  answer: 'PUT answer, one per person',
  report: 'GET /api/reports/{sample}',
  journey: 'GET /api/reports/journey',
  pdf: 'GET report PDF, 4 reports',
};

/** The rule of issue 31: a layer stays if A answers at least 1.2 × B's requests a second. */
const PAYS = 1.2;
/** The event-loop rule: a cheap route answers in under this while a heavy statement runs. */
const FREE_MS = 50;

type Seeded = {
  person: string;
  sample: string;
  journey: string;
  journeySample: string;
  answerers: { kitId: number; email: string }[];
};
type Tokens = { person: string; journey: string; answerers: { kitId: number; token: string }[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** utime + stime of a process, all its threads, in µs (/proc counts clock ticks of 1/100 s on Linux). */
function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

function routeOf(endpoint: Endpoint, seeded: Seeded, tokens: Tokens): Route | Route[] {
  switch (endpoint) {
    case 'select1':
      return { path: '/bench/select1' };
    case 'dashboard':
      return { path: '/api/dashboard', token: tokens.person };
    case 'kits':
      return { path: '/api/kits', token: tokens.person };
    case 'report':
      return { path: `/api/reports/${seeded.sample}`, token: tokens.person };
    case 'journey':
      return { path: '/api/reports/journey', token: tokens.journey };
    case 'pdf':
      return { path: `/api/reports/${seeded.journeySample}/pdf`, token: tokens.journey };
    case 'answer':
      return tokens.answerers.map(({ kitId, token }) => ({
        method: 'PUT' as const,
        path: `/api/kits/${kitId}/surveys/day-of-sampling`,
        body: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
        token,
      }));
  }
}

async function seed(base: string, connections: number): Promise<Seeded> {
  const person = await seedPerson(base);
  const journey = await seedJourneyPerson(base);
  const answerers = await seedAnswerers(base, connections);
  return {
    person: person.email,
    sample: person.sample,
    journey: journey.email,
    journeySample: journey.sample,
    answerers: answerers.map(({ kitId, email }) => ({ kitId, email })),
  };
}

/** Fresh sessions for everyone (a token lasts 15 minutes, so each layer's run signs in again). */
async function signInAll(base: string, seeded: Seeded): Promise<Tokens> {
  const answerers = [];
  for (const { kitId, email } of seeded.answerers)
    answerers.push({ kitId, token: await signIn(base, email) });
  return {
    person: await signIn(base, seeded.person),
    journey: await signIn(base, seeded.journey),
    answerers,
  };
}

/** /healthz while a heavy statement runs on the same server: ms to its answer, and the statement's ms. */
async function healthzWhileHeavy(base: string, rows: number, samples: number) {
  const healthz: number[] = [];
  const heavy: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const running = fetch(`${base}/bench/heavy?rows=${rows}`).then(async (response) => {
      await response.text();
      if (!response.ok) throw new Error(`/bench/heavy answered ${response.status}`);
      heavy.push(performance.now() - started);
    });
    // The statement has reached the database by now.
    await sleep(20);
    const asked = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.text();
    healthz.push(performance.now() - asked);
    await running;
  }
  return { healthzMedian: median(healthz), healthzMax: Math.max(...healthz), heavyMedian: median(heavy) };
}

type Side = { figures: Figure[]; cpu: number[] };
type Row = { endpoint: Endpoint; a: Side; b: Side; ratios: number[] };

export type AbResult = {
  run: Run;
  rows: Row[];
  eventLoop?: {
    a: Awaited<ReturnType<typeof healthzWhileHeavy>>;
    b: Awaited<ReturnType<typeof healthzWhileHeavy>>;
  };
};

async function runLayer(
  run: Run,
  servers: { a: Server; b: Server },
  seeded: Seeded,
  tokens: Tokens,
  settings: Settings,
): Promise<AbResult> {
  const { duration, rounds, connections } = settings;
  const endpoints: Endpoint[] = ['select1', ...run.endpoints];
  const routes = endpoints.map((endpoint) => routeOf(endpoint, seeded, tokens));
  // Warm-up on both: JIT, pool connections, statements, caches; every endpoint at once (connection i
  // sends warm[i % length]: the single routes first, then the answer saves of as many people as fit).
  const warm: Route[] = [
    ...routes.filter((r): r is Route => !Array.isArray(r)),
    ...routes.filter((r): r is Route[] => Array.isArray(r)).flat(),
  ];
  for (const server of [servers.a, servers.b]) await measure(server.url, 'warm-up', warm, connections, 3);
  const rows: Row[] = endpoints.map((endpoint) => ({
    endpoint,
    a: { figures: [], cpu: [] },
    b: { figures: [], cpu: [] },
    ratios: [],
  }));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const);
    for (const [i, row] of rows.entries()) {
      for (const side of order) {
        const server = servers[side];
        const before = cpuMicros(server.child.pid);
        const route = routes[i] ?? [];
        const figure = await measure(server.url, NAMES[row.endpoint], route, connections, duration);
        const cpu = (cpuMicros(server.child.pid) - before) / Math.max(figure.requests, 1);
        row[side].figures.push(figure);
        row[side].cpu.push(cpu);
      }
      const a = row.a.figures.at(-1)?.rps ?? Number.NaN;
      const b = row.b.figures.at(-1)?.rps ?? Number.NaN;
      row.ratios.push(a / b);
    }
  }
  if (!run.eventLoop) return { run, rows };
  const rowsToCount = Number(process.env.BENCH_AB_HEAVY_ROWS ?? 3_000_000);
  const samples = Number(process.env.BENCH_AB_HEAVY_SAMPLES ?? 5);
  return {
    run,
    rows,
    eventLoop: {
      a: await healthzWhileHeavy(servers.a.url, rowsToCount, samples),
      b: await healthzWhileHeavy(servers.b.url, rowsToCount, samples),
    },
  };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–').padStart(9);

/** The layer's verdict: the endpoint it buys most on, against the 20 % rule (and the event-loop rule). */
function verdict(result: AbResult): string {
  const measured = result.rows.filter((row) => row.endpoint !== 'select1');
  const best = measured.reduce<Row | null>(
    (top, row) => (!top || median(row.ratios) > median(top.ratios) ? row : top),
    null,
  );
  const ratio = best ? median(best.ratios) : Number.NaN;
  const pays = ratio >= PAYS;
  const byRule = `${pays ? 'buys' : 'does not buy'} ≥ 20 %: best ${best ? NAMES[best.endpoint] : '–'} A÷B ${ratio.toFixed(2)}`;
  const loop = result.eventLoop;
  if (!loop) return `${byRule} → ${pays ? 'stays' : 'remove'}`;
  const free = loop.a.healthzMax < FREE_MS;
  const blocked = loop.b.healthzMedian >= FREE_MS;
  const loopText = `/healthz during a heavy statement ${loop.a.healthzMedian.toFixed(1)} ms with it, ${loop.b.healthzMedian.toFixed(1)} ms without`;
  const keepsLoopFree = free && blocked;
  return `${byRule}; ${loopText}${keepsLoopFree ? ' (keeps the event loop free)' : ''} → ${pays || keepsLoopFree ? 'stays' : 'remove'}`;
}

export function printAb(result: AbResult) {
  const { run, rows } = result;
  console.log(
    `\n## ${run.layer} on ${run.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} (decision ${run.decision})`,
  );
  console.log(`A: as shipped; B: BENCH_LAYERS_OFF=${run.layer}, ${run.plain}`);
  console.log(
    `medians over ${rows[0]?.ratios.length ?? 0} rounds; A÷B is the median of the per-round ratios; CPU is the server's µs per request\n` +
      'endpoint                      A req/s  B req/s      A÷B  A p99 ms B p99 ms  A CPU µs B CPU µs  failures',
  );
  for (const row of rows) {
    const of = (side: Side, key: 'rps' | 'p99') => median(side.figures.map((f) => f[key]));
    const failures = [...row.a.figures, ...row.b.figures].reduce((n, f) => n + f.failures, 0);
    console.log(
      `${NAMES[row.endpoint].padEnd(28)}${fmt(of(row.a, 'rps'))}${fmt(of(row.b, 'rps'))}${fmt(median(row.ratios), 2)}` +
        `${fmt(of(row.a, 'p99'), 1)}${fmt(of(row.b, 'p99'), 1)}${fmt(median(row.a.cpu))}${fmt(median(row.b.cpu))}${fmt(failures)}` +
        (row.endpoint === 'select1' ? '' : `  ${median(row.ratios) >= PAYS ? 'pays' : 'under 20 %'}`),
    );
  }
  const loop = result.eventLoop;
  if (loop)
    console.log(
      `/healthz while a heavy statement runs (${loop.a.heavyMedian.toFixed(0)} ms on A, ${loop.b.heavyMedian.toFixed(0)} ms on B): ` +
        `A median ${loop.a.healthzMedian.toFixed(1)} ms (max ${loop.a.healthzMax.toFixed(1)}), ` +
        `B median ${loop.b.healthzMedian.toFixed(1)} ms (max ${loop.b.healthzMax.toFixed(1)})`,
    );
  console.log(`verdict: ${verdict(result)}`);
}

const stopBoth = async (servers: { a: Server; b: Server }) => {
  await Promise.all([servers.a.stop(), servers.b.stop()]);
};

/** The runs BENCH_AB_LAYERS names (all by default): `layer` or `layer@database`. */
function chosenRuns(): Run[] {
  const asked = (process.env.BENCH_AB_LAYERS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!asked.length) return RUNS;
  return RUNS.filter((run) => asked.includes(run.layer) || asked.includes(`${run.layer}@${run.database}`));
}

/** Every chosen layer's A/B, PostgreSQL's on one seeded database, PGlite's on copies of one seeded folder. */
export async function benchAb(settings: Settings, pgServer: string, postgresReachable: boolean) {
  const runs = chosenRuns();
  const results: AbResult[] = [];
  const onPostgres = runs.filter((run) => run.database === 'postgres');
  if (onPostgres.length && !postgresReachable)
    console.log('\n## A/B on PostgreSQL: skipped, the server is not reachable');
  else if (onPostgres.length) {
    const store = await postgresStore(pgServer);
    try {
      const seeding = await startServer(envOf(store));
      const seeded = await seed(seeding.url, settings.connections).finally(() => seeding.stop());
      for (const run of onPostgres) {
        console.log(`  (${run.layer} on PostgreSQL: load average ${os.loadavg()[0]?.toFixed(2)})`);
        const servers = await startPair(store, store, run.layer);
        try {
          const tokens = await signInAll(servers.a.url, seeded);
          const result = await runLayer(run, servers, seeded, tokens, settings);
          printAb(result);
          results.push(result);
        } finally {
          await stopBoth(servers);
        }
      }
    } finally {
      if (store.kind === 'postgres') await store.drop();
    }
  }
  const onPglite = runs.filter((run) => run.database === 'pglite');
  if (onPglite.length) {
    const master = await pgliteStore();
    const copies: string[] = [];
    try {
      const seeding = await startServer(envOf(master));
      const seeded = await seed(seeding.url, settings.connections).finally(() => seeding.stop());
      for (const run of onPglite) {
        console.log(`  (${run.layer} on PGlite: load average ${os.loadavg()[0]?.toFixed(2)})`);
        // One server per folder (PGlite is one process's): sessions are made on the master, then A and
        // B each open a copy of it.
        const signing = await startServer(envOf(master));
        const tokens = await signInAll(signing.url, seeded).finally(() => signing.stop());
        const [a, b] = [copyOf(master), copyOf(master)] as [Store, Store];
        for (const copy of [a, b]) if (copy.kind === 'pglite') copies.push(copy.dataDir);
        const servers = await startPair(a, b, run.layer);
        try {
          const result = await runLayer(run, servers, seeded, tokens, settings);
          printAb(result);
          results.push(result);
        } finally {
          await stopBoth(servers);
        }
      }
    } finally {
      for (const dir of [...copies, master.kind === 'pglite' ? master.dataDir : ''])
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (results.length) {
    console.log('\n## A/B summary (issue 31: a layer stays if it buys ≥ 20 % or keeps the event loop free)');
    for (const result of results)
      console.log(`${`${result.run.layer}@${result.run.database}`.padEnd(28)}${verdict(result)}`);
  }
  return results;
}

function copyOf(store: Store): Store {
  if (store.kind !== 'pglite') return store;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ab-'));
  fs.cpSync(store.dataDir, dataDir, { recursive: true });
  return { kind: 'pglite', dataDir };
}

/** A as shipped and B with the layer off; if either fails to start, the other is stopped. */
async function startPair(a: Store, b: Store, layer: SpeedLayer) {
  const [serverA, serverB] = await Promise.allSettled([
    startServer(envOf(a)),
    startServer({ ...envOf(b), BENCH_LAYERS_OFF: layer }),
  ]);
  if (serverA.status === 'fulfilled' && serverB.status === 'fulfilled')
    return { a: serverA.value, b: serverB.value };
  for (const started of [serverA, serverB]) if (started.status === 'fulfilled') await started.value.stop();
  throw serverA.status === 'rejected' ? serverA.reason : (serverB as PromiseRejectedResult).reason;
}
