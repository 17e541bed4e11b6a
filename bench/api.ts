// Over 300 lines: the benchmark's seeding, endpoint list and measurement loop are one script that is run
// as a whole and read top to bottom; nothing here is imported by the product.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite } from '../apps/api/src/db/client.ts';
import { surveyCatalog } from '../apps/api/src/features/surveys/catalog.ts';
import { completeAnswers } from '../apps/api/src/test/questionnaires.ts';
import { dashboardWhilePdfs, type PdfLoad } from './pdf-load.ts';
import { call, OPS_KEY, ROOT, type Server, startServer } from './server.ts';

export type Settings = {
  duration: number;
  rounds: number;
  connections: number;
  scaleConnections: number;
  /** Whether to grow the kits table and measure the two scale points. */
  scale: boolean;
  /** Endpoint names to measure (each a part of the name); hello and SELECT 1 always run. Empty: all. */
  endpoints: string[];
};
export type Figure = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** Requests answered over the run (for a server's CPU time per request, bench/ab.ts). */
  requests: number;
};
/**
 * An endpoint over every round: medians of its req/s, p50 and p99, and the medians of its req/s divided
 * by `SELECT 1`'s and by hello's in the same round, so load that comes and goes on a shared machine
 * moves both sides of a ratio.
 */
export type Summary = Figure & { perSelect1: number; perHello: number; rounds: number };
/** p50 under load (autocannon, whole ms) and the median of one request at a time (µs precision). */
export type Scale = {
  kits: number;
  dashboardP50: number;
  kitsP50: number;
  dashboardMedianMs: number;
  kitsMedianMs: number;
};
export type DbResult = {
  database: string;
  figures: Summary[];
  scale: Scale[];
  /** Median ms of the report PDF (four reports, so with the journey), one request at a time. */
  pdfMedianMs: number | null;
  /** The dashboard's p99 alone and while PDFs are asked for (bench/pdf-load.ts). */
  pdfLoad: PdfLoad[];
  note?: string;
};

const PROFILE = fs.readFileSync(
  path.join(ROOT, 'packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt'),
  'utf8',
);
const ops = { 'x-ops-key': OPS_KEY };
const PASSWORD = 'BenchSecret12!';

/** Where the data lives: a PGlite folder, or a fresh database on a PostgreSQL server. */
export type Store =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; drop(): Promise<void> };

export async function pgliteStore(): Promise<Store> {
  return { kind: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-')) };
}

export async function postgresStore(serverUrl: string): Promise<Store> {
  const name = `portal_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const envOf = (store: Store): Record<string, string> => ({
  BENCH_ROUTES: '1',
  AUTH_RATE_LIMIT: '1000000',
  ANSWER_RATE_LIMIT: '100000000',
  ...(store.kind === 'pglite' ? { DATA_DIR: store.dataDir } : { DATABASE_URL: store.url }),
});

/** A bench person (first name Bench), made through the operators' API. */
const createPerson = (base: string, email: string, lastName: string) =>
  call(
    base,
    'POST',
    '/api/admin/users',
    { email, password: PASSWORD, firstName: 'Bench', lastName, dob: '1990-01-01' },
    ops,
  );

/** One person with a few kits: one activated (questionnaires open) and one with a report. */
export async function seedPerson(base: string) {
  const email = `bench.${Date.now().toString(36)}@example.com`;
  await createPerson(base, email, 'Person');
  const kits = await call<{ id: number; sampleIdentifier: string }[]>(
    base,
    'POST',
    '/api/admin/kits',
    { count: 5, ownerEmail: email },
    ops,
  );
  const [active, withReport] = kits as [(typeof kits)[0], (typeof kits)[0]];
  await call(base, 'PATCH', `/api/admin/kits/${active.id}`, { kitStatus: 'REQUESTED' }, ops);
  for (const step of [
    { kitStatus: 'REQUESTED' },
    { kitStatus: 'DISPATCHED_BY_LAB' },
    { sampleStatus: 'RECEIVED_BY_LAB' },
  ])
    await call(base, 'PATCH', `/api/admin/kits/${withReport.id}`, step, ops);
  await call(
    base,
    'POST',
    '/api/admin/results',
    { sampleIdentifier: withReport.sampleIdentifier, profile: PROFILE, displayDate: '2026-01-01' },
    ops,
  );
  return { email, activeKitId: active.id, sample: withReport.sampleIdentifier };
}

type Person = Awaited<ReturnType<typeof seedPerson>>;

const JOURNEY_PROFILES = [
  'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt',
  'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt',
  'gmwi2/kefir/Subj030_time3_S20_metaphlan.txt',
  'gmwi2/kefir/Subj054_time1_S41_metaphlan.txt',
];

/** A subscriber with four reports, for the report PDF (with its journey pages) and the journey. */
export async function seedJourneyPerson(base: string) {
  const email = `bench.journey.${Date.now().toString(36)}@example.com`;
  await createPerson(base, email, 'Journey');
  const kits = await call<{ id: number; sampleIdentifier: string }[]>(
    base,
    'POST',
    '/api/admin/kits',
    { count: JOURNEY_PROFILES.length, ownerEmail: email },
    ops,
  );
  for (const [i, kit] of kits.entries()) {
    for (const step of [
      { kitStatus: 'REQUESTED' },
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
    ])
      await call(base, 'PATCH', `/api/admin/kits/${kit.id}`, step, ops);
    const profile = fs.readFileSync(
      path.join(ROOT, 'packages/domain/test-data/report', JOURNEY_PROFILES[i] ?? ''),
      'utf8',
    );
    await call(
      base,
      'POST',
      '/api/admin/results',
      { sampleIdentifier: kit.sampleIdentifier, profile, displayDate: `2026-0${i + 1}-01` },
      ops,
    );
  }
  return { email, sample: kits.at(-1)?.sampleIdentifier ?? '' };
}

/**
 * Answers every shown compulsory question of every questionnaire of the kit through the API, as the
 * person would (147 answers): the kits list of someone who has done their questionnaires.
 */
export async function answerQuestionnaires(base: string, token: string, kitId: number) {
  for (const [type, definition] of surveyCatalog())
    for (const answer of completeAnswers(definition))
      await call(base, 'PUT', `/api/kits/${kitId}/surveys/${type}`, answer, {
        authorization: `Bearer ${token}`,
      });
}

/**
 * `count` people, each with one activated kit and signed in: the requests of people who each save
 * their own questionnaire, one person per connection.
 */
export async function seedAnswerers(base: string, count: number) {
  const stamp = Date.now().toString(36);
  const people: { kitId: number; email: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench.answerer.${stamp}.${i}@example.com`;
    await createPerson(base, email, 'Answerer');
    const [kit] = await call<{ id: number }[]>(
      base,
      'POST',
      '/api/admin/kits',
      { count: 1, ownerEmail: email },
      ops,
    );
    if (!kit) throw new Error('no kit created');
    await call(base, 'PATCH', `/api/admin/kits/${kit.id}`, { kitStatus: 'REQUESTED' }, ops);
    people.push({ kitId: kit.id, email, token: await signIn(base, email) });
  }
  return people;
}

export async function signIn(base: string, email: string) {
  return (
    await call<{ access_token: string }>(base, 'POST', '/api/auth/login', { email, password: PASSWORD })
  ).access_token;
}

export type Route = { method?: 'GET' | 'PUT'; path: string; body?: unknown; token?: string };

const requestOf = (route: Route) => ({
  method: route.method ?? 'GET',
  path: route.path,
  headers: {
    ...(route.token ? { authorization: `Bearer ${route.token}` } : {}),
    ...(route.body ? { 'content-type': 'application/json' } : {}),
  },
  ...(route.body ? { body: JSON.stringify(route.body) } : {}),
});

/**
 * autocannon on one route for every connection, or on a list of routes: connection i then sends
 * routes[i % length] (say, each connection a different person saving to their own kit).
 */
export async function measure(
  base: string,
  name: string,
  route: Route | Route[],
  connections: number,
  duration: number,
  overallRate?: number,
): Promise<Figure> {
  const routes = Array.isArray(route) ? route : [route];
  let next = 0;
  const result = await autocannon({
    url: `${base}${routes[0]?.path ?? '/'}`,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
    ...requestOf(routes[0] as Route),
    ...(routes.length > 1
      ? {
          setupClient: (client) => {
            client.setRequests([requestOf(routes[next++ % routes.length] as Route)]);
          },
        }
      : {}),
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/**
 * Median latency in ms of `count` requests sent by `connections` clients at once, each client sending
 * its next request when the last is answered. Sub-millisecond: autocannon's percentiles are whole
 * milliseconds, too coarse for a 2 ms endpoint (2 → 3 ms reads as 1.5 ×).
 */
async function medianLatency(
  base: string,
  path: string,
  token: string,
  connections: number,
  count: number,
): Promise<number> {
  const times: number[] = [];
  // node:http on kept-alive sockets, one per client: fetch's own work in this process added milliseconds.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200)
              return reject(new Error(`${path} answered ${response.statusCode}`));
            times.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', reject);
    });
  const client = async (requests: number) => {
    for (let i = 0; i < requests; i++) await once();
  };
  await Promise.all(Array.from({ length: connections }, () => client(Math.ceil(count / connections))));
  agent.destroy();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Kits of other people, bulk generated with SQL, until the kits table holds `total` rows. */
const BULK_SQL = (total: number) => [
  sql.raw(`insert into users (email, password_hash, first_name, last_name)
    select 'bench-other-' || g || '@example.com', 'not-a-password-hash', 'Bench', 'Other'
    from generate_series(1, 1000) g
    where not exists (select 1 from users where email = 'bench-other-1@example.com')`),
  sql.raw(`with owners as (select array_agg(id order by email) ids from users where email like 'bench-other-%'),
    start as (select coalesce(max(id), 0) n, count(*) c from kits)
    insert into kits (hashed_id, project_id, owner_id, kit_status, sample_identifier, voucher_code)
    select 'benchh' || (start.n + g), 1, owners.ids[1 + g % 1000], 'REQUESTED', 'BENCHS' || (start.n + g), 'BENCHV' || (start.n + g)
    from owners, start, generate_series(1, greatest(${total} - start.c, 0)) g`),
  // A million kits inserted a second ago leave PostgreSQL busy: autovacuum starts on the new rows and
  // the checkpointer writes them out, on the same two cores as the measurement. Both sizes are measured
  // on a settled table, as a real database with this many kits would be.
  sql.raw('vacuum (analyze) kits'),
  sql.raw('checkpoint'),
];

async function growKits(store: Store, total: number) {
  if (store.kind === 'postgres') {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    for (const statement of BULK_SQL(total)) {
      const text = statementText(statement);
      // CHECKPOINT needs a superuser (or pg_checkpoint) on another server; the vacuum alone still helps.
      await client.query(text).catch((error: Error) => {
        if (text !== 'checkpoint') throw error;
        console.log(`  (checkpoint skipped: ${error.message})`);
      });
    }
    await client.end();
    return;
  }
  const database = await openPglite(store.dataDir);
  for (const statement of BULK_SQL(total)) await database.db.execute(statement);
  await database.close();
}

const statementText = (s: ReturnType<typeof sql.raw>) =>
  (s.queryChunks[0] as { value: string[] }).value.join('');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function summarize(byRound: Figure[][]): Summary[] {
  const [first = []] = byRound;
  return first.map(({ name }, i) => {
    const of = (round: Figure[]) => round[i] as Figure;
    const ratio = (round: Figure[], baseline: number) => of(round).rps / (round[baseline]?.rps ?? Number.NaN);
    return {
      name,
      rps: median(byRound.map((r) => of(r).rps)),
      p50: median(byRound.map((r) => of(r).p50)),
      p99: median(byRound.map((r) => of(r).p99)),
      failures: byRound.reduce((sum, r) => sum + of(r).failures, 0),
      requests: byRound.reduce((sum, r) => sum + of(r).requests, 0),
      perHello: median(byRound.map((r) => ratio(r, 0))),
      perSelect1: median(byRound.map((r) => ratio(r, 1))),
      rounds: byRound.length,
    };
  });
}

/**
 * The figures for one database: each endpoint next to `SELECT 1` and hello, measured in the same run,
 * then the kits list and dashboard p50 at two table sizes.
 */
export async function benchDatabase(
  label: string,
  store: Store,
  settings: Settings,
  sizes: [number, number],
  note?: string,
): Promise<DbResult> {
  const chosen = (name: string) =>
    settings.endpoints.length === 0 || settings.endpoints.some((part) => name.includes(part));
  const restart = async (server: Server | null) => {
    // PGlite is one process's: the bulk insert runs while the server is stopped.
    if (server) await server.stop();
    return startServer(envOf(store));
  };
  let server = await startServer(envOf(store));
  let person: Person;
  try {
    person = await seedPerson(server.url);
    const answered = await seedPerson(server.url);
    const journeyPerson = await seedJourneyPerson(server.url);
    const perPerson = 'PUT questionnaire answer, one per person';
    const answerers = chosen(perPerson) ? await seedAnswerers(server.url, settings.connections) : [];
    await answerQuestionnaires(server.url, await signIn(server.url, answered.email), answered.activeKitId);
    if (store.kind === 'pglite') await server.stop();
    await growKits(store, sizes[0]);
    if (store.kind === 'pglite') server = await restart(null);
    let token = await signIn(server.url, person.email);
    const answeredToken = await signIn(server.url, answered.email);
    const journeyToken = await signIn(server.url, journeyPerson.email);
    const pdfPath = `/api/reports/${journeyPerson.sample}/pdf`;
    const { duration, rounds, connections } = settings;
    const answerSave = (kitId: number, token: string): Route => ({
      method: 'PUT',
      path: `/api/kits/${kitId}/surveys/day-of-sampling`,
      body: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
      token,
    });
    const allEndpoints: [string, Route | Route[]][] = [
      ['hello (bare Fastify route)', { path: '/bench/hello' }],
      ['SELECT 1 through the pool', { path: '/bench/select1' }],
      ['GET /api/dashboard', { path: '/api/dashboard', token }],
      ['GET /api/kits', { path: '/api/kits', token }],
      ['GET /api/kits, 147 answers', { path: '/api/kits', token: answeredToken }],
      // Every connection saves the same answer of one kit: they queue on the kit's row lock, which no
      // one person produces; the next endpoint is what people do, each saving to their own kit.
      ['PUT questionnaire answer, all on one kit', answerSave(person.activeKitId, token)],
      [perPerson, answerers.map((a) => answerSave(a.kitId, a.token))],
      ['GET /api/reports/{sample}', { path: `/api/reports/${person.sample}`, token }],
      ['GET /api/reports/journey, 4 reports', { path: '/api/reports/journey', token: journeyToken }],
      ['GET report PDF, 4 reports', { path: pdfPath, token: journeyToken }],
    ];
    const endpoints = allEndpoints.filter(([name], i) => i < 2 || chosen(name));
    // Warm-up: JIT, pool connections, caches.
    await measure(server.url, 'warm-up', { path: '/api/dashboard', token }, connections, 2);
    // Every endpoint once per round, rounds one after another: a ratio compares figures a minute apart
    // at most, not the first endpoint's quiet start with the last one's busy end.
    const byRound: Figure[][] = [];
    for (let round = 0; round < rounds; round++) {
      const figures: Figure[] = [];
      for (const [name, route] of endpoints)
        figures.push(await measure(server.url, name, route, connections, duration));
      byRound.push(figures);
    }
    const figures = summarize(byRound);
    // One PDF at a time: what a person waits for a report with its journey pages.
    const pdfMedianMs = chosen('PDF') ? await medianLatency(server.url, pdfPath, journeyToken, 1, 60) : null;
    const pdfLoad = chosen('dashboard while PDFs')
      ? await dashboardWhilePdfs(
          server,
          store,
          {
            dashboard: { path: '/api/dashboard', token },
            pdf: { path: pdfPath, token: journeyToken },
            control: { path: '/api/kits', token: journeyToken },
          },
          settings,
        )
      : [];
    const scale: Scale[] = [];
    if (!settings.scale)
      return { database: label, figures, scale, pdfMedianMs, pdfLoad, ...(note ? { note } : {}) };
    const scalePoint = async (kitsTotal: number) => {
      const c = settings.scaleConnections;
      // Warm both statements and the sockets at this size first, so both points start alike.
      for (const path of ['/api/dashboard', '/api/kits'])
        await medianLatency(server.url, path, token, c, 1000);
      scale.push({
        kits: kitsTotal,
        dashboardP50: await medianLatency(server.url, '/api/dashboard', token, c, 4000),
        kitsP50: await medianLatency(server.url, '/api/kits', token, c, 4000),
        dashboardMedianMs: await medianLatency(server.url, '/api/dashboard', token, 1, 1000),
        kitsMedianMs: await medianLatency(server.url, '/api/kits', token, 1, 1000),
      });
    };
    await scalePoint(sizes[0]);
    if (store.kind === 'pglite') await server.stop();
    const started = Date.now();
    await growKits(store, sizes[1]);
    console.log(`  (${label}: grew kits to ${sizes[1]} in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    if (store.kind === 'pglite') server = await restart(null);
    token = await signIn(server.url, person.email);
    await measure(server.url, 'warm-up', { path: '/api/kits', token }, settings.scaleConnections, 2);
    await scalePoint(sizes[1]);
    return { database: label, figures, scale, pdfMedianMs, pdfLoad, ...(note ? { note } : {}) };
  } finally {
    await server.stop();
    if (store.kind === 'postgres') await store.drop();
    else fs.rmSync(store.dataDir, { recursive: true, force: true });
  }
}
