import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { layerOff, loadConfig, SPEED_LAYERS, type SpeedLayer, setSpeedLayersOff } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { preparedFor } from './db/prepared.ts';
import { labResults } from './db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestDatabase,
  kitWithResults,
  ops,
  reportProfile,
  signedInUser,
  TEST_JWT_SECRET,
  TEST_OPS_KEY,
  testConfig,
} from './test/helpers.ts';

/**
 * The speed layers' A/B switches (issue 31, bench/ab.ts): each B path answers what A answers, so the
 * bench compares like with like, and no switch is reachable without BENCH_ROUTES or in production.
 */

// The test files of a worker share modules (isolate: false): leave every layer on for the next one.
afterAll(() => setSpeedLayersOff([]));

describe('the switches', () => {
  it('are honoured only with BENCH_ROUTES outside production', () => {
    const off = 'prepared,report-text';
    expect(loadConfig({ BENCH_ROUTES: '1', BENCH_LAYERS_OFF: off }).speedLayersOff).toEqual([
      'prepared',
      'report-text',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', BENCH_ROUTES: '1', BENCH_LAYERS_OFF: off }).speedLayersOff).toEqual(
      ['prepared', 'report-text'],
    );
    expect(loadConfig({ BENCH_LAYERS_OFF: off }).speedLayersOff).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', BENCH_LAYERS_OFF: off }).speedLayersOff).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'production', BENCH_ROUTES: '1', BENCH_LAYERS_OFF: off })).toThrow(
      /BENCH_ROUTES .* cannot be used in production/,
    );
  });

  it('refuses a name that is not a layer, naming the layers', () => {
    expect(() => loadConfig({ BENCH_ROUTES: '1', BENCH_LAYERS_OFF: 'prepared, thread' })).toThrow(
      /BENCH_LAYERS_OFF: "thread" is not a speed layer; use pglite-thread, prepared/,
    );
  });

  it('are set by the app from its settings, and all on without BENCH_ROUTES', async () => {
    const database = await createTestDatabase();
    const build = async (env: Record<string, string>) => {
      const app = await buildApp(testConfig(env), database, {
        jwtSecret: TEST_JWT_SECRET,
        opsKey: TEST_OPS_KEY,
        webDist: '/nonexistent-web-dist',
      });
      await app.ready();
      const off = SPEED_LAYERS.filter(layerOff);
      await app.close();
      return off;
    };
    try {
      expect(await build({ BENCH_ROUTES: '1', BENCH_LAYERS_OFF: SPEED_LAYERS.join(',') })).toEqual([
        ...SPEED_LAYERS,
      ]);
      expect(await build({ BENCH_LAYERS_OFF: SPEED_LAYERS.join(',') })).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('the B paths in isolation', () => {
  it('prepared: the statement is built for every call and sent without its name', () => {
    let builds = 0;
    const statement = preparedFor((_db: object) => {
      builds++;
      return { queryConfig: { name: 'named' }, rawQueryConfig: { name: 'named' } };
    });
    const db = {};
    setSpeedLayersOff([]);
    expect([statement(db as never), statement(db as never)].map((s) => s.queryConfig.name)).toEqual([
      'named',
      'named',
    ]);
    expect(builds).toBe(1);
    setSpeedLayersOff(['prepared']);
    const unprepared = [statement(db as never), statement(db as never)];
    expect(unprepared.map((s) => [s.queryConfig.name, s.rawQueryConfig.name])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(builds).toBe(3);
    setSpeedLayersOff([]);
  });
});

const SAVED = { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' };

/** What a person with kits, answers and two reports sees on every endpoint a layer serves. */
type Person = { token: string; activeKitId: number; samples: string[] };

async function seed(app: FastifyInstance): Promise<Person> {
  const user = await signedInUser(app, { dob: '1990-01-01' });
  const active = await createKit(app, { ownerEmail: user.email });
  await app.inject({
    method: 'PATCH',
    url: `/api/admin/kits/${active.id}`,
    headers: ops,
    payload: { kitStatus: 'REQUESTED' },
  });
  // Saved once before any side answers, so every side's kits list counts it; each side saves it again.
  await app.inject({
    method: 'PUT',
    url: `/api/kits/${active.id}/surveys/day-of-sampling`,
    headers: bearer(user.accessToken),
    payload: SAVED,
  });
  const samples = [];
  for (const [i, file] of [
    'gmwi2/SRR1761667_metaphlan.txt',
    'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt',
  ].entries())
    samples.push(
      (await kitWithResults(app, user.email, reportProfile(file), { displayDate: `2026-0${i + 1}-01` }))
        .sampleIdentifier,
    );
  return { token: user.accessToken, activeKitId: active.id, samples };
}

/** Status and body (as a JSON value: key order aside) of each endpoint the layers serve. */
async function answers(app: FastifyInstance, person: Person) {
  const headers = bearer(person.token);
  const survey = `/api/kits/${person.activeKitId}/surveys/day-of-sampling`;
  const requests = [
    { method: 'GET' as const, url: '/bench/select1' },
    { method: 'GET' as const, url: '/api/dashboard', headers },
    { method: 'GET' as const, url: '/api/kits', headers },
    {
      method: 'PUT' as const,
      url: survey,
      headers,
      payload: SAVED,
    },
    { method: 'GET' as const, url: `${survey}/answers`, headers },
    ...person.samples.map((sample) => ({ method: 'GET' as const, url: `/api/reports/${sample}`, headers })),
    { method: 'GET' as const, url: '/api/reports/journey', headers },
  ];
  const answered: Record<string, { status: number; body: unknown }> = {};
  for (const request of requests) {
    const response = await app.inject(request);
    answered[`${request.method} ${request.url}`] = { status: response.statusCode, body: response.json() };
  }
  return answered;
}

const appOn = async (database: Database, env: Record<string, string>) => {
  const app = await buildApp(testConfig({ BENCH_ROUTES: '1', ...env }), database, {
    jwtSecret: TEST_JWT_SECRET,
    opsKey: TEST_OPS_KEY,
    webDist: '/nonexistent-web-dist',
  });
  await app.ready();
  return app;
};

describe('each B path answers as A does', () => {
  let database: Database;
  let person: Person;
  let expected: Awaited<ReturnType<typeof answers>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const app = await appOn(database, {});
    try {
      person = await seed(app);
      expected = await answers(app, person);
    } finally {
      await app.close();
    }
  });
  afterAll(() => database.close());

  it('answers every request with 200 on A (the comparison is of real answers)', () => {
    expect(Object.values(expected).map((a) => a.status)).toEqual(Object.values(expected).map(() => 200));
    expect(JSON.stringify(expected)).toContain('"DOS_UNWELL"');
  });

  it.each(['prepared', 'report-text', 'journey-cache'] satisfies SpeedLayer[])(
    '%s off: the same statuses and bodies',
    async (layer) => {
      const app = await appOn(database, { BENCH_LAYERS_OFF: layer });
      try {
        expect(SPEED_LAYERS.filter(layerOff)).toEqual([layer]);
        expect(await answers(app, person)).toEqual(expected);
      } finally {
        await app.close();
      }
    },
  );

  it('report-text off: the report comes from the jsonb column, not report_text', async () => {
    const [sample] = person.samples;
    const read = async (env: Record<string, string>) => {
      const app = await appOn(database, env);
      try {
        const response = await app.inject({ url: `/api/reports/${sample}`, headers: bearer(person.token) });
        return (response.json() as { report: unknown }).report;
      } finally {
        await app.close();
      }
    };
    const where = eq(labResults.sampleIdentifier, sample ?? '');
    const [stored] = await database.db.select({ text: labResults.reportText }).from(labResults).where(where);
    // Only the text changed: A sends the text on, B writes the jsonb again.
    await database.db.update(labResults).set({ reportText: '{"edited":true}' }).where(where);
    try {
      expect(await read({})).toEqual({ edited: true });
      const original = expected[`GET /api/reports/${sample}`]?.body as { report: unknown };
      expect(await read({ BENCH_LAYERS_OFF: 'report-text' })).toEqual(original.report);
    } finally {
      await database.db
        .update(labResults)
        .set({ reportText: stored?.text ?? null })
        .where(where);
    }
  });
});

describe('journey-cache off: the journey computed on every read', () => {
  it('A keeps the journey under its key; B reads the reports again on every read', async () => {
    const database = await createTestDatabase();
    try {
      const app = await appOn(database, {});
      const person = await seed(app);
      await app.close();
      const shannon = async (app: FastifyInstance) =>
        (await app.inject({ url: '/api/reports/journey', headers: bearer(person.token) })).json().points[0]
          .values.shannon as number;
      // A score changed under the same stored result, which nothing in the portal does: only B sees it.
      const edit = (value: number) =>
        database.db
          .update(labResults)
          .set({
            journeyScores: sql`jsonb_set(${labResults.journeyScores}, '{shannon}', ${String(value)}::jsonb)`,
          })
          .where(eq(labResults.sampleIdentifier, person.samples[0] ?? ''));
      const a = await appOn(database, {});
      try {
        const kept = await shannon(a);
        await edit(123);
        expect(await shannon(a)).toBe(kept);
      } finally {
        await a.close();
      }
      const b = await appOn(database, { BENCH_LAYERS_OFF: 'journey-cache' });
      try {
        expect(await shannon(b)).toBe(123);
        await edit(456);
        expect(await shannon(b)).toBe(456);
      } finally {
        await b.close();
      }
    } finally {
      await database.close();
    }
  });
});

describe('pglite-thread off: PGlite on the server’s thread answers as on its own', () => {
  it('the same statuses and bodies from the same folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-layers-'));
    try {
      const config = { dataDir: dir };
      const onThread = await openDatabase(config);
      let person: Person;
      let expected: Awaited<ReturnType<typeof answers>>;
      try {
        const app = await appOn(onThread, {});
        person = await seed(app);
        expected = await answers(app, person);
        await app.close();
      } finally {
        await onThread.close();
      }
      const inline = await openDatabase({ ...config, speedLayersOff: ['pglite-thread'] });
      try {
        // drizzle's own PGlite driver, not node-postgres over the thread's stream.
        expect(inline.db._.session.constructor.name).toBe('PgliteSession');
        const app = await appOn(inline, { BENCH_LAYERS_OFF: 'pglite-thread' });
        expect(await answers(app, person)).toEqual(expected);
        await app.close();
      } finally {
        await inline.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
