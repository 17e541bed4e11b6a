// Over 300 lines: the staff console's two benchmarks (results upload, kit search at scale) with their
// seeding, read top to bottom as one script; nothing here is imported by the product.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { PARTS_IN_FLIGHT, UPLOAD_PART } from '../packages/domain/src/staff-results.ts';
import { envOf, type Store } from './api.ts';
import { call, OPS_KEY, ROOT, type Server, startServer } from './server.ts';

/**
 * `npm run bench` (BENCH_ONLY=staff, or with everything): the staff console (issue 24).
 * - Results upload: BENCH_RESULTS (500) real MetaPhlAn profiles through the same requests as the
 *   Results page, in parts of 20: the preview (validate and score once, kept under an upload id), the
 *   confirm by that id (one transaction per sample, each kit locked once). Target (issue 34 item 10):
 *   at least 28 profiles a second from upload to stored on PostgreSQL.
 * - Kit search at scale: p50 of filtered searches (GET /api/staff/kits) at 10 000 kits and at
 *   BENCH_PG_LARGE (1 000 000) on PostgreSQL or BENCH_PGLITE_LARGE (200 000) on PGlite, with a person
 *   for every three kits. Target: p50 at the large size ≤ 1.3 × at 10 000.
 * The requests carry the operator key (the console's guard lets it through as ADMIN; a staff member's
 * token adds one indexed look-up of their standing to every request).
 */

const ops = { 'x-ops-key': OPS_KEY };
const KEFIR = path.join(ROOT, 'packages/domain/test-data/report/gmwi2/kefir');
const PROFILES = fs
  .readdirSync(KEFIR)
  .filter((name) => name.endsWith('_metaphlan.txt'))
  .sort()
  .map((name) => fs.readFileSync(path.join(KEFIR, name), 'utf8'));

export type UploadFigures = {
  profiles: number;
  previewS: number;
  storeS: number;
  releaseS: number | null;
};
export type SearchFigure = { name: string; small: number; large: number };
export type StaffResult = {
  database: string;
  upload: UploadFigures | null;
  sizes: [number, number];
  search: SearchFigure[];
};

const seconds = (since: number) => (performance.now() - since) / 1000;
const parts = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** `count` kits of one owner with their samples at the lab, through the operators' API. */
async function kitsAtLab(base: string, count: number) {
  const email = `bench.lab.${Date.now().toString(36)}@example.com`;
  await call(
    base,
    'POST',
    '/api/admin/users',
    { email, password: 'BenchSecret12!', firstName: 'Bench', lastName: 'Lab' },
    ops,
  );
  const kits: { id: number; sampleIdentifier: string }[] = [];
  for (const part of parts(Array.from({ length: count }), 500))
    kits.push(
      ...(await call<typeof kits>(
        base,
        'POST',
        '/api/admin/kits',
        { count: part.length, ownerEmail: email },
        ops,
      )),
    );
  // Ten at a time: the setup is not what is measured.
  for (const batch of parts(kits, 10))
    await Promise.all(
      batch.map(async (kit) => {
        await call(base, 'PATCH', `/api/admin/kits/${kit.id}`, { kitStatus: 'REQUESTED' }, ops);
        await call(base, 'PATCH', `/api/admin/kits/${kit.id}`, { sampleStatus: 'RECEIVED_BY_LAB' }, ops);
      }),
    );
  // Through the steps a project requires before results (issue 34 item 6), in the lab's batches of 200.
  for (const step of ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING'])
    for (const batch of parts(kits, 200))
      await call(
        base,
        'POST',
        '/api/staff/lab/steps',
        { codes: batch.map((k) => k.sampleIdentifier), sampleStatus: step },
        ops,
      );
  return kits;
}

/** The parts sent PARTS_IN_FLIGHT at a time, as the Results page sends them. */
async function inFlight<T>(queue: T[][], send: (part: T[]) => Promise<void>) {
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await send(part);
  };
  await Promise.all(Array.from({ length: PARTS_IN_FLIGHT }, worker));
}

/** The Results page's requests for `count` profiles, timed phase by phase. */
async function benchUpload(base: string, count: number): Promise<UploadFigures> {
  const kits = await kitsAtLab(base, count);
  // Each sample its own abundances (the last digits of one value): a copy of another sample's profile
  // would be held for review, as the lab's duplicate check does with a copied file.
  const profiles = kits.map((kit, i) => ({
    fileName: `${kit.sampleIdentifier}_metaphlan.txt`,
    text: (PROFILES[i % PROFILES.length] ?? '').replace(
      /\nk__Bacteria\t2\t([0-9.]+)/,
      (_, value: string) => `\nk__Bacteria\t2\t${value}${String(i).padStart(6, '0')}`,
    ),
  }));
  let started = performance.now();
  // The preview parses and scores each profile once and keeps it under an upload id; the confirm sends
  // only the id (issue 34 item 10).
  const uploads: string[][] = [];
  await inFlight(parts(profiles, UPLOAD_PART), async (part) => {
    const { items, uploadId } = await call<{ items: { refusal: string | null }[]; uploadId: string | null }>(
      base,
      'POST',
      '/api/staff/results/preview',
      { profiles: part },
      ops,
    );
    const refused = items.find((it) => it.refusal);
    if (refused) throw new Error(`preview refused a profile: ${refused.refusal}`);
    if (uploadId) uploads.push([uploadId]);
  });
  const previewS = seconds(started);
  started = performance.now();
  await inFlight(uploads, async ([uploadId]) => {
    const { items } = await call<{ items: { stored: boolean; refusal: string | null }[] }>(
      base,
      'POST',
      '/api/staff/results',
      { uploadId },
      ops,
    );
    const refused = items.find((it) => !it.stored);
    if (refused) throw new Error(`store refused a profile: ${refused.refusal}`);
  });
  const storeS = seconds(started);
  // The release needs a second LAB member's approval of each result (four eyes): a person, not the
  // operator key these requests carry, so it is not part of this figure.
  return { profiles: count, previewS, storeS, releaseS: null };
}

/**
 * Kits and people generated with SQL until the tables hold `total` kits and a person for every three:
 * statuses spread over the journey and the lab, changes spread over two years, 2 003 surnames and 499
 * first names (coprime, so a first and last name together name about one person at either size).
 */
const GROW = (total: number) => [
  `insert into users (email, password_hash, first_name, last_name)
    select 'staffbench-' || g || '@example.com', 'not-a-password-hash', 'First' || (g % 499), 'Surname' || (g % 2003)
    from generate_series((select count(*) from users where email like 'staffbench-%') + 1, ${Math.ceil(total / 3)}) g`,
  `with owners as (select array_agg(id order by email) ids, count(*) n from users where email like 'staffbench-%'),
    start as (select coalesce(max(id), 0) n, count(*) c from kits),
    statuses as (select array['REQUESTED','DISPATCHED_BY_LAB','RECEIVED_BY_LAB','PROCESSING','RESULTS_AVAILABLE'] kit,
      array[null,null,'RECEIVED_BY_LAB','SEQUENCING','RESULTS_AVAILABLE'] sample)
    insert into kits (hashed_id, project_id, owner_id, kit_status, sample_status, sample_identifier, voucher_code, updated_at)
    select 'sbh' || (start.n + g), 1, owners.ids[1 + g % owners.n], statuses.kit[1 + g % 5], statuses.sample[1 + g % 5],
      'SB' || (start.n + g), 'SBV' || (start.n + g), now() - make_interval(secs => ((g * 7919) % 63072000)::float8)
    from owners, start, statuses, generate_series(1, greatest(${total} - start.c, 0)) g`,
  'vacuum (analyze) kits',
  'vacuum (analyze) users',
  'checkpoint',
];

async function grow(store: Store, total: number) {
  if (store.kind === 'postgres') {
    // A database no server has started on yet: migrate it first.
    await (await openPostgres(store.url, 1)).close();
    const client = new pg.Client({ connectionString: store.url });
    client.on('error', () => {});
    await client.connect();
    try {
      for (const text of GROW(total))
        await client.query(text).catch((error: Error) => {
          // CHECKPOINT needs a superuser (or pg_checkpoint) on another server; the vacuum alone still helps.
          if (text !== 'checkpoint') throw error;
        });
    } finally {
      await client.end();
    }
    return;
  }
  const database = await openPglite(store.dataDir);
  try {
    for (const text of GROW(total)) await database.db.execute(sql.raw(text));
  } finally {
    await database.close();
  }
}

const median = (times: number[]) =>
  [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)] ?? Number.NaN;

async function timed(base: string, url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: ops });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * The p50 of one search at both sizes, measured in turn (small, large, small, …), one request at a
 * time, after `warm` of each: load that comes and goes on a shared machine falls on both alike.
 */
async function p50Pair(small: [string, string], large: [string, string], count = 300, warm = 50) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < warm + count; i++) {
    const a = await timed(...small);
    const b = await timed(...large);
    if (i >= warm) {
      times[0].push(a);
      times[1].push(b);
    }
  }
  return { small: median(times[0]), large: median(times[1]) };
}

/** The searches measured, each as the console sends it (50 a page). */
async function searches(base: string): Promise<[string, string][]> {
  const first = await call<{
    items: { id: number; sampleIdentifier: string; owner: { email: string; name: string } }[];
    nextCursor: string;
  }>(base, 'GET', '/api/staff/kits?kitStatus=REQUESTED', undefined, ops);
  const sample = first.items[7];
  if (!sample) throw new Error('no kit to search for');
  return [
    ['kit status REQUESTED, newest first', '/api/staff/kits?kitStatus=REQUESTED'],
    ['kit status, oldest first', '/api/staff/kits?kitStatus=RECEIVED_BY_LAB&sort=oldest'],
    [
      'kit and sample status, project',
      '/api/staff/kits?kitStatus=PROCESSING&sampleStatus=SEQUENCING&projectId=1',
    ],
    ['status, second page (cursor)', `/api/staff/kits?kitStatus=REQUESTED&cursor=${first.nextCursor}`],
    [
      'sample status, changed in a month',
      `/api/staff/kits?sampleStatus=RECEIVED_BY_LAB&changedFrom=${encodeURIComponent(new Date(Date.now() - 30 * 86_400_000).toISOString())}`,
    ],
    ['sample id', `/api/staff/kits?q=${sample.sampleIdentifier}`],
    ['owner email', `/api/staff/kits?q=${encodeURIComponent(sample.owner.email)}`],
    ['owner name, two words', `/api/staff/kits?q=${encodeURIComponent(sample.owner.name)}`],
    ['no filter, newest first', '/api/staff/kits'],
  ];
}

/**
 * The upload on the small database, then both databases grown (one to each size) and served at once,
 * so each search is measured at both sizes in the same minutes.
 */
export async function benchStaff(
  label: string,
  stores: [Store, Store],
  sizes: [number, number],
  uploadCount: number,
): Promise<StaffResult> {
  const servers: Server[] = [];
  try {
    let upload: UploadFigures | null = null;
    if (uploadCount > 0) {
      const server = await startServer(envOf(stores[0]));
      upload = await benchUpload(server.url, uploadCount).finally(() => server.stop());
    }
    // BENCH_STAFF_SEARCH=0: the results upload only.
    if (process.env.BENCH_STAFF_SEARCH === '0') return { database: label, upload, sizes, search: [] };
    for (const [i, store] of stores.entries()) {
      const started = Date.now();
      // PGlite is one process's: the bulk insert runs before its server starts.
      await grow(store, sizes[i] ?? 0);
      console.log(
        `  (${label}: grew to ${sizes[i]} kits in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    for (const store of stores) servers.push(await startServer(envOf(store)));
    const [small, large] = servers as [Server, Server];
    const smallSearches = await searches(small.url);
    const largeSearches = await searches(large.url);
    const search: SearchFigure[] = [];
    for (const [i, [name, url]] of smallSearches.entries()) {
      const other = largeSearches[i]?.[1] ?? url;
      search.push({ name, ...(await p50Pair([small.url, url], [large.url, other])) });
    }
    return { database: label, upload, sizes, search };
  } finally {
    for (const server of servers) await server.stop();
    for (const store of stores) {
      if (store.kind === 'postgres') await store.drop();
      else fs.rmSync(store.dataDir, { recursive: true, force: true });
    }
  }
}

export function printStaff(result: StaffResult) {
  console.log(`\n## Staff console: ${result.database}`);
  const u = result.upload;
  if (u)
    console.log(
      `results upload of ${u.profiles} profiles in parts of ${UPLOAD_PART}, ${PARTS_IN_FLIGHT} at a time: preview ${u.previewS.toFixed(1)} s, store ${u.storeS.toFixed(1)} s ` +
        `(preview + store ${(u.previewS + u.storeS).toFixed(1)} s, ${(u.profiles / (u.previewS + u.storeS)).toFixed(1)} profiles/s; target ≥ 28/s)` +
        (u.releaseS === null ? '' : `, release ${u.releaseS.toFixed(1)} s`),
    );
  const [small, large] = result.sizes;
  console.log(
    `kit search p50 ms, one request at a time, the two sizes in turn (median of 300 each)\nsearch                                   ${String(small).padStart(9)} ${String(large).padStart(9)}    ratio`,
  );
  for (const s of result.search)
    console.log(
      `${s.name.padEnd(40)} ${s.small.toFixed(2).padStart(9)} ${s.large.toFixed(2).padStart(9)} ${(s.large / s.small).toFixed(2).padStart(8)}`,
    );
}
