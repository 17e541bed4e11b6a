// Over 300 lines: the staff console's two benchmarks (results upload, kit search at scale) with their
// seeding, read top to bottom as one script; nothing here is imported by the product.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite } from '../apps/api/src/db/client.ts';
import { envOf, type Store } from './api.ts';
import { call, OPS_KEY, ROOT, type Server, startServer } from './server.ts';

/**
 * `npm run bench` (BENCH_ONLY=staff, or with everything): the staff console (issue 24).
 * - Results upload: BENCH_RESULTS (500) real MetaPhlAn profiles through the same requests as the
 *   Results page, in parts of 20: the preview (validate and score, store nothing), the store (one
 *   transaction per sample), then the release. Target: under 60 s for 500.
 * - Kit search at scale: p50 of filtered searches (GET /api/staff/kits) at 10 000 kits and at
 *   BENCH_PG_LARGE (1 000 000) on PostgreSQL or BENCH_PGLITE_LARGE (200 000) on PGlite, with a person
 *   for every three kits. Target: p50 at the large size ≤ 1.3 × at 10 000.
 * The requests carry the operator key (the console's guard lets it through as ADMIN; a staff member's
 * token adds one indexed look-up of their standing to every request).
 */

const ops = { 'x-ops-key': OPS_KEY };
const PART = 20;
const KEFIR = path.join(ROOT, 'packages/domain/test-data/report/gmwi2/kefir');
const PROFILES = fs
  .readdirSync(KEFIR)
  .filter((name) => name.endsWith('_metaphlan.txt'))
  .sort()
  .map((name) => fs.readFileSync(path.join(KEFIR, name), 'utf8'));

export type UploadFigures = { profiles: number; previewS: number; storeS: number; releaseS: number };
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
  return kits;
}

/** The Results page's requests for `count` profiles, timed phase by phase. */
async function benchUpload(base: string, count: number): Promise<UploadFigures> {
  const kits = await kitsAtLab(base, count);
  const profiles = kits.map((kit, i) => ({
    fileName: `${kit.sampleIdentifier}_metaphlan.txt`,
    text: PROFILES[i % PROFILES.length] ?? '',
  }));
  let started = performance.now();
  for (const part of parts(profiles, PART)) {
    const { items } = await call<{ items: { refusal: string | null }[] }>(
      base,
      'POST',
      '/api/staff/results/preview',
      { profiles: part },
      ops,
    );
    const refused = items.find((it) => it.refusal);
    if (refused) throw new Error(`preview refused a profile: ${refused.refusal}`);
  }
  const previewS = seconds(started);
  started = performance.now();
  for (const part of parts(profiles, PART)) {
    const { items } = await call<{ items: { stored: boolean; refusal: string | null }[] }>(
      base,
      'POST',
      '/api/staff/results',
      { profiles: part },
      ops,
    );
    const refused = items.find((it) => !it.stored);
    if (refused) throw new Error(`store refused a profile: ${refused.refusal}`);
  }
  const storeS = seconds(started);
  started = performance.now();
  for (const part of parts(kits, 200))
    await call(
      base,
      'POST',
      '/api/staff/results/release',
      { samples: part.map((k) => k.sampleIdentifier) },
      ops,
    );
  return { profiles: count, previewS, storeS, releaseS: seconds(started) };
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
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    for (const text of GROW(total))
      await client.query(text).catch((error: Error) => {
        if (text !== 'checkpoint') throw error;
      });
    await client.end();
    return;
  }
  const database = await openPglite(store.dataDir);
  for (const text of GROW(total)) await database.db.execute(sql.raw(text));
  await database.close();
}

/** Median ms of `count` requests one after another, after `warm` unmeasured ones. */
async function p50(base: string, url: string, count = 300, warm = 50): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < warm + count; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: ops });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= warm) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
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

export async function benchStaff(
  label: string,
  store: Store,
  sizes: [number, number],
  uploadCount: number,
): Promise<StaffResult> {
  let server: Server = await startServer(envOf(store));
  try {
    const upload = uploadCount > 0 ? await benchUpload(server.url, uploadCount) : null;
    const measured: Record<string, number>[] = [];
    for (const size of sizes) {
      // PGlite is one process's: the bulk insert runs while the server is stopped.
      if (store.kind === 'pglite') await server.stop();
      const started = Date.now();
      await grow(store, size);
      console.log(`  (${label}: grew to ${size} kits in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      if (store.kind === 'pglite') server = await startServer(envOf(store));
      const figures: Record<string, number> = {};
      for (const [name, url] of await searches(server.url)) figures[name] = await p50(server.url, url);
      measured.push(figures);
    }
    const [small = {}, large = {}] = measured;
    return {
      database: label,
      upload,
      sizes,
      search: Object.keys(small).map((name) => ({
        name,
        small: small[name] ?? Number.NaN,
        large: large[name] ?? Number.NaN,
      })),
    };
  } finally {
    await server.stop();
    if (store.kind === 'postgres') await store.drop();
    else fs.rmSync(store.dataDir, { recursive: true, force: true });
  }
}

export function printStaff(result: StaffResult) {
  console.log(`\n## Staff console: ${result.database}`);
  const u = result.upload;
  if (u)
    console.log(
      `results upload of ${u.profiles} profiles in parts of ${PART}: preview ${u.previewS.toFixed(1)} s, store ${u.storeS.toFixed(1)} s ` +
        `(preview + store ${(u.previewS + u.storeS).toFixed(1)} s; target under 60 s), release ${u.releaseS.toFixed(1)} s`,
    );
  const [small, large] = result.sizes;
  console.log(
    `kit search p50 ms, one request at a time (median of 300)\nsearch                                   ${String(small).padStart(9)} ${String(large).padStart(9)}    ratio`,
  );
  for (const s of result.search)
    console.log(
      `${s.name.padEnd(40)} ${s.small.toFixed(2).padStart(9)} ${s.large.toFixed(2).padStart(9)} ${(s.large / s.small).toFixed(2).padStart(8)}`,
    );
}
