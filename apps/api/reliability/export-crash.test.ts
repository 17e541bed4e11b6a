import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  must,
  ops,
  person,
  postgresReachable,
  scratchDatabase,
  send,
  sleep,
  startApi,
} from './harness.ts';

/**
 * kill -9 while a data export is being built (issue 32): the job stayed `active` until the queue expired
 * it 628 s later. Its worker now beats, so after a restart on the same database the queue's supervision
 * fails the orphaned attempt and retries it: the export must be READY within 60 s of the restarted
 * server being ready.
 */
const KITS = 300;
const RESUMED_WITHIN_MS = 60_000;

type Job = { id: string; state: string; data: { exportId?: string } };

async function crashDuringExport(env: Record<string, string>) {
  const api = await startApi(env);
  const who = await person(api.url);
  // Enough kits that building the ZIP lasts long enough to be cut.
  await must(api.url, 'POST', '/api/admin/kits', { count: KITS, ownerEmail: who.email }, ops);
  const asked = await must<{ id: string; state: string }>(
    api.url,
    'POST',
    '/api/me/exports',
    undefined,
    bearer(who.token),
  );
  let killed = false;
  for (let i = 0; i < 6000 && !killed; i++) {
    const jobs = await send<{ jobs: Job[] }>(
      api.url,
      'GET',
      '/api/admin/jobs?queue=data.export&state=active',
      undefined,
      ops,
    );
    if (jobs.body.jobs.some((job) => job.data.exportId === asked.id)) {
      api.kill('SIGKILL');
      killed = true;
    } else await sleep(5);
  }
  expect(killed, 'the export job was not caught while active').toBe(true);
  await api.exited;
  const killedAt = Date.now();

  const restarted = await startApi(env);
  const readyAt = Date.now();
  let state = '';
  while (state !== 'READY' && Date.now() - readyAt < RESUMED_WITHIN_MS + 30_000) {
    await sleep(500);
    const list = await send<{ exports: { id: string; state: string }[] }>(
      restarted.url,
      'GET',
      '/api/me/exports',
      undefined,
      bearer(who.token),
    );
    state = list.body.exports?.find((e) => e.id === asked.id)?.state ?? state;
  }
  const resumedMs = Date.now() - readyAt;
  console.log(
    `export killed while active; ${state} ${(resumedMs / 1000).toFixed(1)} s after the restarted server was ready (${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill)`,
  );
  expect(state).toBe('READY');
  expect(resumedMs).toBeLessThan(RESUMED_WITHIN_MS);
  restarted.kill('SIGTERM');
  expect(await restarted.exited).toBe(0);
}

describe('crash (kill -9) while a data export is built', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('resumes within a minute of the restart on PGlite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-export-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await crashDuringExport({ DATA_DIR: dataDir });
  });

  it('resumes within a minute of the restart on PostgreSQL', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    await crashDuringExport({ DATABASE_URL: db.url });
  });
});
