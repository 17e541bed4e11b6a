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
