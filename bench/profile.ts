import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  envOf,
  measure,
  pgliteStore,
  postgresStore,
  seedAnswerers,
  seedJourneyPerson,
  seedPerson,
  signIn,
} from './api.ts';
import { startServer } from './server.ts';

/**
 * `npm run bench:profile -- /api/kits`: where one endpoint's server time goes. Starts the real server
 * on a scratch PostgreSQL database with V8's CPU profiler on, loads the endpoint with autocannon
 * (50 connections, BENCH_DURATION s), and prints the functions with the most self time, grouped by
 * package. The raw profile stays in the printed folder for Chrome DevTools. Paths: /bench/select1,
 * /bench/hello, /api/dashboard, /api/kits, /api/reports (the seeded report), /api/answer (a
 * questionnaire answer save, every connection on one kit), /api/answer-per-person (each of 50 people on
 * their own kit), /api/reports/journey (a person with four reports). BENCH_NODE_ARGS adds options to the server's node (say, GC settings);
 * BENCH_ONLY=pglite profiles the embedded database instead (a scratch DATA_DIR).
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const target = process.argv[2] ?? '/api/kits';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let requests = 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
const store = process.env.BENCH_ONLY === 'pglite' ? await pgliteStore() : await postgresStore(pgServer);
const server = await startServer(envOf(store), undefined, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
  ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
]);
try {
  const person = await seedPerson(server.url);
  const token =
    target === '/api/reports/journey'
      ? await signIn(server.url, (await seedJourneyPerson(server.url)).email)
      : await signIn(server.url, person.email);
  const answerOf = (kitId: number, token: string) => ({
    method: 'PUT' as const,
    path: `/api/kits/${kitId}/surveys/day-of-sampling`,
    body: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
    token,
  });
  const route =
    target === '/api/answer-per-person'
      ? (await seedAnswerers(server.url, 50)).map((a) => answerOf(a.kitId, a.token))
      : target === '/api/answer'
        ? {
            method: 'PUT' as const,
            path: `/api/kits/${person.activeKitId}/surveys/day-of-sampling`,
            body: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
            token,
          }
        : { path: target === '/api/reports' ? `/api/reports/${person.sample}` : target, token };
  const warmUp = await measure(server.url, 'warm-up', route, 50, 2);
  const figure = await measure(server.url, target, route, 50, duration);
  requests = warmUp.rps * 2 + figure.rps * duration;
  console.log(`${target}: ${figure.rps.toFixed(0)} req/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms`);
} finally {
  await server.stop();
  if (store.kind === 'postgres') await store.drop();
  else fs.rmSync(store.dataDir, { recursive: true, force: true });
}

const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile was written to ${dir}`);
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
const selfMicros = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const idle = [...selfMicros]
  .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
  .reduce((a, [, t]) => a + t, 0);

const where = (url: string) => {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (url.includes('/apps/') || url.includes('/packages/')) return 'our code';
  if (url.startsWith('node:')) return 'node';
  return url ? 'other' : 'native';
};
const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame;
  if (!frame || frame.functionName === '(idle)') continue;
  const pkg = where(frame.url);
  const name = `${frame.functionName || '(anonymous)'}  ${pkg === 'our code' ? frame.url.replace(/.*\/(apps|packages)\//, '$1/') : pkg}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + micros);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
}
const busy = total - idle;
const pct = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `\nbusy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s profiled, about ${(busy / requests).toFixed(0)} µs per request, start-up included (profile: ${dir}/${file})`,
);
console.log('\nself time by package');
for (const [pkg, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`${pct(micros)}  ${pkg}`);
console.log('\nself time by function');
for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${pct(micros)}  ${name}`);
