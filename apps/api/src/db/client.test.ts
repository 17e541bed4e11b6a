import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Db = Awaited<ReturnType<typeof openPglite>>['db'];

/** An embedded database in memory for one test, closed after it. */
async function withEmbedded(run: (db: Db) => Promise<void>) {
  const database = await openPglite();
  try {
    await run(database.db);
  } finally {
    await database.close();
  }
}

describe('embedded database in DATA_DIR', () => {
  it('keeps data across a clean close and reopen', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    await first.db.execute(
      sql`insert into outbox ("to", subject, text, html) values ('a@example.com', 's', 't', 'h')`,
    );
    await first.close();
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
    const second = await openPglite(dir);
    const rows = await second.db.execute(sql`select count(*)::int as n from outbox`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    await second.close();
  });

  it('refuses a second process with a clear message', async () => {
    const dir = tempDir();
    // The parent process (the test runner) is alive: as if another server held the folder.
    fs.writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(/in use by another process/);
  });

  it('takes over a lock left by a crashed process', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'portal.lock'), '999999');
    const database = await openPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
  });
});

describe('embedded database through node-postgres', () => {
  it('prepares a named statement once and runs it again with new parameters (no planning per request)', async () => {
    await withEmbedded(async (db) => {
      const statement = db
        .select({ n: sql<number>`${sql.placeholder('n')}::int + 1` })
        .from(sql`(select 1) as one`)
        .prepare('client_test_plus_one');
      expect(await statement.execute({ n: 1 })).toEqual([{ n: 2 }]);
      expect(await statement.execute({ n: 41 })).toEqual([{ n: 42 }]);
      const prepared = await db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where name = 'client_test_plus_one'`,
      );
      expect((prepared as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    });
  });

  it('reads values as PostgreSQL through node-postgres reads them, in one session shared in turn', async () => {
    await withEmbedded(async (db) => {
      // Parameters of every kind the app binds, and a transaction that holds the only connection while
      // other statements wait their turn instead of failing.
      const inTransaction = db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into outbox ("to", subject, text, html) values (${'t@example.com'}, 's', 't', 'h')`,
        );
        return tx.execute(sql`select ${true}::boolean as b, ${3.5}::numeric as n, ${'{"a":1}'}::json as j`);
      });
      const outside = db.execute(sql`select count(*)::int as n from outbox`);
      const [inside, counted] = await Promise.all([inTransaction, outside]);
      expect((inside as unknown as { rows: unknown[] }).rows).toEqual([{ b: true, n: '3.5', j: { a: 1 } }]);
      expect((counted as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    });
  });
});

describe('embedded database on its own thread', () => {
  const count = async (db: Db, to: string) => {
    const result = await db.execute(sql`select count(*)::int as n from outbox where "to" = ${to}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  it('never runs another request’s statement inside an open transaction', async () => {
    await withEmbedded(async (db) => {
      let outside: Promise<unknown> | undefined;
      const failing = db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into outbox ("to", subject, text, html) values ('in@example.com', 's', 't', 'h')`,
        );
        // Another request writes while the transaction is open; its statement must wait for the
        // transaction's end, or the rollback below would undo it too.
        // (drizzle runs a query when it is awaited: `then` sends it now.)
        outside = db
          .execute(
            sql`insert into outbox ("to", subject, text, html) values ('out@example.com', 's', 't', 'h')`,
          )
          .then((result) => result);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`select 1`);
        throw new Error('roll back');
      });
      await expect(failing).rejects.toThrow('roll back');
      await outside;
      expect(await count(db, 'in@example.com')).toBe(0);
      expect(await count(db, 'out@example.com')).toBe(1);
    });
  });

  it('keeps statements sent together apart: one failing does not fail the others', async () => {
    await withEmbedded(async (db) => {
      const results = await Promise.allSettled([
        db.execute(sql`select 1 as n`),
        db.execute(sql`select * from no_such_table`),
        db.execute(sql`select 2 as n`),
        db.execute(sql`select 1 / ${0}::int as n`),
        db.execute(sql`select 3 as n`),
      ]);
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const rows = results.map((r) =>
        r.status === 'fulfilled' ? (r.value as unknown as { rows: unknown[] }).rows : [],
      );
      expect([rows[0], rows[2], rows[4]]).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      expect(
        String(
          (results[1] as PromiseRejectedResult).reason?.cause ?? (results[1] as PromiseRejectedResult).reason,
        ),
      ).toMatch(/no_such_table/);
    });
  });

  it('prepares a named statement once when its first executions are sent together', async () => {
    await withEmbedded(async (db) => {
      const statement = db
        .select({ n: sql<number>`${sql.placeholder('n')}::int * 2` })
        .from(sql`(select 1) as one`)
        .prepare('client_test_twice');
      // Twenty requests at once, before the backend has answered the first Parse.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, n) => statement.execute({ n }).then((rows) => rows)),
      );
      expect(results).toEqual(Array.from({ length: 20 }, (_, n) => [{ n: n * 2 }]));
    });
  });

  it('leaves the server’s thread free while a long statement runs', async () => {
    await withEmbedded(async (db) => {
      const events: string[] = [];
      const long = db
        .execute(sql`select count(*) from generate_series(1, 3000000)`)
        .then(() => events.push('statement done'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push('timer fired');
      await long;
      // On the server's own thread the statement would block the timer until it finished.
      expect(events).toEqual(['timer fired', 'statement done']);
    });
  });

  it('fails to open with the reason when the folder cannot hold a database', async () => {
    const dir = tempDir();
    // pgdata is a file, not a folder.
    fs.writeFileSync(path.join(dir, 'pgdata'), 'not a database');
    await expect(openPglite(dir)).rejects.toThrow(/embedded database/);
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });
});
