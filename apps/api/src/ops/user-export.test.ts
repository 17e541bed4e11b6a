import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../db/schema/index.ts';
import { createTestApp, signedInUser, TEST_OPS_KEY, type TestApp } from '../test/helpers.ts';

const run = promisify(execFile);
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
let t: TestApp;
let url: string;
let folder: string;

beforeAll(async () => {
  // The export is a real job of the queue, worked by this server, as in production.
  t = await createTestApp({}, { workJobs: true, jobTuning: { pollingIntervalSeconds: 0.5 } });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-user-export-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function ops(args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, ...args, '--url', url], {
      env: { ...process.env, OPS_KEY: TEST_OPS_KEY },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('ops user:export', () => {
  it("waits for the person's export, writes the ZIP, and audits the start and the download", async () => {
    const person = await signedInUser(t.app);
    const out = path.join(folder, 'export.zip');
    const result = await ops(['user:export', '--email', person.email, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ userId: person.id, state: 'READY', file: out });
    const zip = fs.readFileSync(out);
    expect(printed.size).toBe(zip.byteLength);
    expect(printed.sha256).toBe(createHash('sha256').update(zip).digest('hex'));
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${out}.part`)).toBe(false);
    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array()));
    expect(manifest.files.map((f: { path: string }) => f.path)).toContain('profile.json');
    expect(JSON.parse(strFromU8(files['profile.json'] ?? new Uint8Array())).person.email).toBe(person.email);

    const audit = await t.database.db.select().from(staffAudit).where(eq(staffAudit.subjectId, person.id));
    expect(audit.map((a) => [a.action, a.entityId, a.actorLabel, a.actorId])).toEqual(
      expect.arrayContaining([
        ['user.export', printed.id, 'operator key', null],
        ['user.export.download', printed.id, 'operator key', null],
      ]),
    );
  }, 120_000);

  it('says what is wrong, and writes nothing, for an unknown email or a missing folder', async () => {
    const unknown = await ops([
      'user:export',
      '--email',
      'nobody@example.com',
      '--out',
      path.join(folder, 'x.zip'),
    ]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toEqual({ error: 'No account with the email nobody@example.com.' });
    const person = await signedInUser(t.app);
    const nowhere = await ops(['user:export', '--email', person.email, '--out', '/no/such/folder/x.zip']);
    expect(nowhere.code).toBe(1);
    expect(JSON.parse(nowhere.stderr).error).toBe('The folder /no/such/folder does not exist');
    const missing = await ops(['user:export', '--email', person.email]);
    expect(JSON.parse(missing.stderr).error).toBe('Missing --out');
    expect(fs.readdirSync(folder).filter((f) => f.startsWith('x'))).toEqual([]);
  }, 60_000);
});
