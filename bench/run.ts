import os from 'node:os';
import pg from 'pg';
import { benchAb } from './ab.ts';
import { benchDatabase, type DbResult, pgliteStore, postgresStore } from './api.ts';
import { benchExport, printExport } from './export.ts';
import { printPdfLoad } from './pdf-load.ts';
import { benchStaff, printStaff } from './staff-kits.ts';
import { benchWeb } from './web.ts';

/**
 * `npm run bench`: API figures on PGlite and PostgreSQL as ratios to `SELECT 1` and hello measured in the
 * same run, the kits-table scale test, and the web app's bundle sizes and page metrics. Not part of
 * `npm test`. Settings: BENCH_DURATION (s per endpoint and round, default 5), BENCH_ROUNDS (3: every
 * endpoint once per round, ratios taken within a round, medians printed), BENCH_CONNECTIONS (50),
 * BENCH_DATABASE_URL (a PostgreSQL server to create a scratch database on; default the local one),
 * BENCH_ONLY=api|web|pglite|postgres|export (api is both databases; export is the demo customer's data
 * export on both), BENCH_PGLITE_LARGE (kits for PGlite's
 * large point, default 200000), BENCH_PG_LARGE (default 1000000), BENCH_WEB_RUNS (cold loads per page, 7),
 * BENCH_ENDPOINTS (comma-separated parts of endpoint names to measure, e.g. `reports,PDF`; hello and
 * SELECT 1 always run; `dashboard while PDFs` is the dashboard's p99 alone and while BENCH_PDF_CONNECTIONS,
 * 10, ask for PDFs, bench/pdf-load.ts, also chosen by `PDF`), BENCH_SCALE=0 (skip the kits-table scale test), BENCH_ONLY=staff (the staff
 * console's results upload and kit search at scale, bench/staff-kits.ts; BENCH_RESULTS profiles, 500;
 * BENCH_STAFF_DB=pglite|postgres for one database only), BENCH_ONLY=mailout (a study mail-out to 100,000
 * participants handed to a local SMTP sink, bench/mailout.ts; only when asked for), BENCH_ONLY=ab (the speed
 * layers' A/B of issue 31, each layer on and off on the same data, bench/ab.ts; BENCH_AB_LAYERS to choose
 * layers; only when asked for).
 */
const env = process.env;
const settings = {
  duration: Number(env.BENCH_DURATION ?? 5),
  rounds: Number(env.BENCH_ROUNDS ?? 3),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  scaleConnections: 10,
  scale: env.BENCH_SCALE !== '0',
  endpoints: (env.BENCH_ENDPOINTS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
};
const only = env.BENCH_ONLY;
const runs = (part: 'pglite' | 'postgres' | 'web' | 'staff' | 'export') =>
  !only || only === part || (only === 'api' && (part === 'pglite' || part === 'postgres'));
const pgServer = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
console.log(
  `autocannon: ${settings.connections} connections, ${settings.duration} s per endpoint in each of ${settings.rounds} rounds\n`,
);

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

function printDb(result: DbResult) {
  console.log(`\n## ${result.database}${result.note ? ` (${result.note})` : ''}`);
  console.log(
    'medians over the rounds; ÷ is the median of the ratios within each round\n' +
      'endpoint                         req/s   p50 ms   p99 ms  ÷SELECT1   ÷hello  failures',
  );
  for (const f of result.figures) {
    console.log(
      `${f.name.padEnd(30)}${fmt(f.rps)}${fmt(f.p50, 1)}${fmt(f.p99, 1)}${fmt(f.perSelect1, 2)}${fmt(f.perHello, 2)}${fmt(f.failures)}`,
    );
  }
  if (result.pdfMedianMs !== null)
    console.log(
      `\nreport PDF with a 4-report journey, one at a time: median ${result.pdfMedianMs.toFixed(1)} ms`,
    );
  printPdfLoad(result.pdfLoad, settings.connections);
  const [small, large] = result.scale;
  if (small && large) {
    console.log(
      `\nscale: p50 ms at ${settings.scaleConnections} connections (median of 4 000 requests) and one request at a time (median of 1 000)`,
    );
    console.log(`kits in table       dashboard     kits list   dashboard 1-by-1   kits list 1-by-1`);
    for (const s of result.scale)
      console.log(
        `${String(s.kits).padEnd(16)}${fmt(s.dashboardP50, 2)}      ${fmt(s.kitsP50, 2)}      ${fmt(s.dashboardMedianMs, 2)}         ${fmt(s.kitsMedianMs, 2)}`,
      );
    console.log(
      `ratio ${large.kits}/${small.kits}: dashboard ${(large.dashboardP50 / small.dashboardP50).toFixed(2)}, kits list ${(large.kitsP50 / small.kitsP50).toFixed(2)}; one at a time: dashboard ${(large.dashboardMedianMs / small.dashboardMedianMs).toFixed(2)}, kits list ${(large.kitsMedianMs / small.kitsMedianMs).toFixed(2)}`,
    );
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgServer, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (runs('pglite')) {
  const pgliteLarge = Number(env.BENCH_PGLITE_LARGE ?? 200_000);
  printDb(
    await benchDatabase(
      'PGlite (embedded)',
      await pgliteStore(),
      settings,
      [10_000, pgliteLarge],
      `large point ${pgliteLarge} kits: a bulk insert into WASM PostgreSQL is slow`,
    ),
  );
}
if (runs('postgres')) {
  if (await postgresReachable()) {
    const pgLarge = Number(env.BENCH_PG_LARGE ?? 1_000_000);
    printDb(await benchDatabase('PostgreSQL', await postgresStore(pgServer), settings, [10_000, pgLarge]));
  } else {
    console.log(`\n## PostgreSQL: skipped, ${pgServer.replace(/:[^:@/]*@/, ':***@')} is not reachable`);
  }
}
if (runs('staff')) {
  const uploads = Number(env.BENCH_RESULTS ?? 500);
  const staffDb = env.BENCH_STAFF_DB; // pglite or postgres: only that one
  if (staffDb !== 'postgres')
    printStaff(
      await benchStaff(
        'PGlite (embedded)',
        [await pgliteStore(), await pgliteStore()],
        [10_000, Number(env.BENCH_PGLITE_LARGE ?? 200_000)],
        uploads,
      ),
    );
  if (staffDb !== 'pglite' && (await postgresReachable()))
    printStaff(
      await benchStaff(
        'PostgreSQL',
        [await postgresStore(pgServer), await postgresStore(pgServer)],
        [10_000, Number(env.BENCH_PG_LARGE ?? 1_000_000)],
        uploads,
      ),
    );
  else if (staffDb !== 'pglite')
    console.log('\n## Staff console on PostgreSQL: skipped, the server is not reachable');
}
if (runs('export')) {
  printExport(await benchExport(await pgliteStore(), 'PGlite (embedded)'));
  if (await postgresReachable()) printExport(await benchExport(await postgresStore(pgServer), 'PostgreSQL'));
}
if (runs('web')) await benchWeb();
// The study mail-out (bench/mailout.ts, issue 35 item 7): 100,000 recipients to a local SMTP sink. It takes
// minutes, so it runs only when asked for: BENCH_ONLY=mailout.
// The speed layers' A/B (bench/ab.ts, issue 31): only when asked for, BENCH_ONLY=ab.
if (only === 'ab') await benchAb(settings, pgServer, await postgresReachable());
if (only === 'mailout') {
  console.log('\n## Study mail-out on PostgreSQL');
  await import('./mailout.ts');
}
