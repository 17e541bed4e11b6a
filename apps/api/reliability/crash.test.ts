import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import {
  person,
  postgresReachable,
  type Row,
  scratchDatabase,
  signIn,
  sleep,
  startApi,
  tempDir,
} from './harness.ts';
import { openKits, verify, writeContinuously } from './workload.ts';

/**
 * kill -9 during a stream of acknowledged writes, then a restart on the same data: every write the
 * clients saw acknowledged is there, and no order is half written.
 */
const WRITE_FOR_MS = 3000;

async function crashAndRestart(env: Record<string, string>) {
  const api = await startApi(env);
  const who = await person(api.url);
  const kitIds = await openKits(api.url, who.email, 300);
  const work = writeContinuously(api.url, who, kitIds);
  await sleep(WRITE_FOR_MS);
  api.kill('SIGKILL');
  await api.exited;
  await work.stop();
  const restarted = await startApi(env);
  // The restarted server answers with the data (the person signs in again).
  await signIn(restarted.url, who.email);
  return { restarted, who, acked: work.acked };
}

/** The rows of a raw query's result, which the driver-neutral database type leaves unknown. */
function rowsOf(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('the query answered without rows');
}

describe('crash (kill -9) during writes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('loses nothing acknowledged on PGlite', async () => {
    const dataDir = tempDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { restarted, who, acked } = await crashAndRestart({ DATA_DIR: dataDir });
    restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    // PGlite is one process's: check the files directly once the server has stopped.
    const database = await openPglite(dataDir);
    try {
      const query = async (text: string, params: unknown[] = []) => {
        let i = 0;
        const inlined = text.replace(/\$\d+/g, () => {
          const v = params[i++];
          return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
        });
        return rowsOf(await database.db.execute(sql.raw(inlined)));
      };
      expect(await verify(query, who.email, acked)).toEqual([]);
    } finally {
      await database.close();
    }
    console.log(
      `PGlite crash: ${acked.answers.length} answers, ${acked.orders.length} orders, ${acked.profileSaves.length} profile saves acknowledged; all present`,
    );
    expect(acked.answers.length + acked.orders.length + acked.profileSaves.length).toBeGreaterThan(10);
  });

  it('loses nothing acknowledged on PostgreSQL', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const { restarted, who, acked } = await crashAndRestart({ DATABASE_URL: db.url });
    expect(await verify(db.query, who.email, acked)).toEqual([]);
    restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    console.log(
      `PostgreSQL crash: ${acked.answers.length} answers, ${acked.orders.length} orders, ${acked.profileSaves.length} profile saves acknowledged; all present`,
    );
    expect(acked.answers.length + acked.orders.length + acked.profileSaves.length).toBeGreaterThan(10);
  });
});
