import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, TEST_OPS_KEY, type TestApp, uniqueEmail } from '../test/helpers.ts';

const run = promisify(execFile);
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function ops(args: string[], key = TEST_OPS_KEY) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args, '--url', url], {
      env: { ...process.env, OPS_KEY: key },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('ops CLI', () => {
  it('creates a verified user who can sign in, then lists the outbox as JSON', async () => {
    const email = uniqueEmail('ops');
    const created = await ops([
      'user:create',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--first-name',
      'Olive',
      '--last-name',
      'Ops',
      '--dob',
      '1990-04-01',
      '--authority',
      'SUPPORT',
      '--authority',
      'IMPERSONATE',
    ]);
    expect(created.code).toBe(0);
    expect(Object.keys(JSON.parse(created.stdout))).toEqual(['id']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const listed = await ops(['mail:list', '--to', email]);
    expect(listed.code).toBe(0);
    const [mail] = JSON.parse(listed.stdout);
    expect(Object.keys(mail).sort()).toEqual([
      'category',
      'createdAt',
      'headers',
      'id',
      'links',
      'sentAt',
      'subject',
      'text',
      'to',
    ]);
    expect(mail.links[0]).toMatch(/\/reset-password\?/);
  });

  it('lists the job queue: counts per queue and state, and the newest jobs, filtered', async () => {
    const id = await t.app.jobs.send('renewals', {});
    const all = await ops(['jobs:list']);
    expect(all.code, all.stderr).toBe(0);
    const listing = JSON.parse(all.stdout);
    expect(listing.queues).toContainEqual({ name: 'renewals', counts: { created: 1 } });
    expect(listing.jobs[0]).toMatchObject({ id, queue: 'renewals', state: 'created', retryCount: 0 });
    const failed = await ops(['jobs:list', '--queue', 'renewals', '--state', 'failed']);
    expect(JSON.parse(failed.stdout).jobs).toEqual([]);
    const wrong = await ops(['jobs:list', '--state', 'sleeping']);
    expect(wrong.code).toBe(1);
  });

  it.each([
    [['user:create', '--email', 'x@example.com'], /Missing --password/],
    [['user:create', '--bogus', '1'], /Unknown option/],
    [['no:such'], /Unknown command/],
    [['constructor'], /Unknown command/],
    [['__proto__'], /Unknown command/],
    [
      ['user:create', '--email', 'bad', '--password', PASSWORD, '--first-name', 'A', '--last-name', 'B'],
      /valid email/,
    ],
  ])('reports a user error %# as {"error"} on stderr with exit 1', async (args, message) => {
    const result = await ops(args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr).error).toMatch(message);
  });

  it('refuses a wrong operator key', async () => {
    const result = await ops(['mail:list'], 'wrong-key');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr).error).toMatch(/sign in/i);
  });

  it('refuses to create the same email twice', async () => {
    const email = uniqueEmail('twice');
    const args = [
      'user:create',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--first-name',
      'A',
      '--last-name',
      'B',
    ];
    expect((await ops(args)).code).toBe(0);
    const again = await ops(args);
    expect(JSON.parse(again.stderr).error).toBe('A user with that email already exists.');
  });
});

describe('ops audit:impersonation', () => {
  it('lists the audit of one person as JSON and refuses a malformed id', async () => {
    const listed = await ops(['audit:impersonation', '--subject', '6f1c2d3e-0000-4000-8000-000000000001']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
    const bad = await ops(['audit:impersonation', '--subject', 'not-an-id']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error).toBeTruthy();
  });
});

describe('ops participant-code:issue', () => {
  it('prints a code issued to one email, which registers that email into the project', async () => {
    const project = JSON.parse(
      (await ops(['project:create', '--name', 'CLI study', '--logistics', 'CLIENT_MANAGED'])).stdout,
    );
    const email = uniqueEmail('participant');
    const issued = await ops(['participant-code:issue', '--project', String(project.id), '--email', email]);
    expect(issued.code).toBe(0);
    const { participantCode } = JSON.parse(issued.stdout);
    expect(JSON.parse(issued.stdout)).toEqual({ projectId: project.id, email, participantCode });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/research/register-check',
      payload: { participantIdentifier: participantCode, username: email },
    });
    expect(check.json()).toEqual({ researchProjectName: 'CLI study' });
    const unknown = await ops(['participant-code:issue', '--project', '99999', '--email', email]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).error).toBe('There is no research project 99999.');
  });
});

describe('ops addresses:import', () => {
  it('loads a CSV with G-NAF columns so the finder suggests its addresses', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'addr-')), 'addresses.csv');
    fs.writeFileSync(
      file,
      'address_detail_pid,address_line_1,address_line_2,locality_name,state_territory,postcode\n' +
        'GAWA_TEST_1,12 Wattle Grove,,Subiaco,WA,6008\n' +
        'GAWA_TEST_2,"14 Wattle Grove","Unit 3, Rear",Subiaco,WA,6008\n',
    );
    const result = await ops(['addresses:import', '--file', file]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ imported: 2 });
    const { signedInUser, bearer } = await import('../test/helpers.ts');
    const user = await signedInUser(t.app);
    const found = await t.app.inject({
      url: '/api/addresses?q=wattle grove',
      headers: bearer(user.accessToken),
    });
    expect(found.json().map((a: { address_line_2: string | null }) => a.address_line_2)).toEqual([
      null,
      'Unit 3, Rear',
    ]);
  });
});

describe('ops kits', () => {
  it('creates kits, moves one through a lab step, and refuses an impossible one', async () => {
    const created = await ops(['kits:create', '--count', '2']);
    expect(created.code).toBe(0);
    const kits = JSON.parse(created.stdout) as { id: number; voucherCode: string }[];
    expect(kits).toHaveLength(2);
    expect(kits[0]?.voucherCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const requested = await ops(['kit:set', '--kit', String(kits[0]?.id), '--kit-status', 'requested']);
    expect(requested.code).toBe(0);
    expect(JSON.parse(requested.stdout).kitStatus).toBe('REQUESTED');

    const impossible = await ops([
      'kit:set',
      '--kit',
      String(kits[0]?.id),
      '--sample-status',
      'RESULTS_AVAILABLE',
    ]);
    expect(impossible.code).toBe(1);
    expect(JSON.parse(impossible.stderr).error).toBe(
      'A sample cannot go from no status to RESULTS_AVAILABLE.',
    );

    const nothing = await ops(['kit:set', '--kit', String(kits[0]?.id)]);
    expect(JSON.parse(nothing.stderr).error).toBe('Give --kit-status, --sample-status or both');
    const notNumber = await ops(['kits:create', '--count', 'many']);
    expect(JSON.parse(notNumber.stderr).error).toBe('--count must be a whole number');
  });

  it('seeds a demo account and prints how to sign in', async () => {
    const seeded = await ops(['seed:demo']);
    expect(seeded.code).toBe(0);
    const { accounts } = JSON.parse(seeded.stdout) as { accounts: { email: string; password: string }[] };
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: accounts[0] });
    expect(login.statusCode).toBe(200);
  });
});

describe('ops report:score', () => {
  const data = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../packages/domain/test-data/report',
  );

  it('scores a MetaPhlAn profile locally with the published GMWI2', async () => {
    const result = await ops(['report:score', '--file', path.join(data, 'gmwi2/SRR1761667_metaphlan.txt')]);
    expect(result.code).toBe(0);
    const scores = JSON.parse(result.stdout);
    expect(Object.keys(scores)).toEqual([
      'sample',
      'database',
      'richness',
      'shannon',
      'inverseSimpson',
      'evenness',
      'gmwi2',
      'gmhi',
    ]);
    expect(scores.gmwi2).toBeCloseTo(1.4017773651306447, 9);
  });

  it('with --explain, lists the GMWI2 taxa (lineage, coefficient) and the GMHI species present (abundance)', async () => {
    const file = path.join(data, 'gmwi2/SRR1761667_metaphlan.txt');
    const result = await ops(['report:score', '--file', file, '--explain']);
    expect(result.code, result.stderr).toBe(0);
    const scores = JSON.parse(result.stdout);
    expect(scores.gmwi2Contributions).toHaveLength(22);
    expect(scores.gmwi2Contributions).toContainEqual({
      lineage:
        'k__Bacteria|p__Actinobacteria|c__Actinobacteria|o__Bifidobacteriales|f__Bifidobacteriaceae|g__Bifidobacterium|s__Bifidobacterium_adolescentis',
      coefficient: 0.184438966271142,
    });
    const sum = scores.gmwi2Contributions.reduce(
      (s: number, t: { coefficient: number }) => s + t.coefficient,
      0,
    );
    expect(Math.abs(sum - scores.gmwi2)).toBeLessThanOrEqual(1e-12);
    const adolescentis = scores.gmhiSpecies.find(
      (s: { name: string }) => s.name === 'Bifidobacterium_adolescentis',
    );
    expect(adolescentis).toMatchObject({ group: 'health-prevalent', abundance: expect.any(Number) });
    const line = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.includes('|s__Bifidobacterium_adolescentis\t'));
    expect(adolescentis.abundance).toBe(Number(line?.split('\t')[2]));

    const mpa4 = await ops([
      'report:score',
      '--file',
      path.join(data, 'edge/metaphlan4-vjan21.txt'),
      '--explain',
    ]);
    const v4 = JSON.parse(mpa4.stdout);
    expect(v4).toMatchObject({
      database: 'mpa_vJan21_CHOCOPhlAnSGB_202103',
      gmwi2: null,
      gmwi2Contributions: null,
    });
    expect(v4.gmhiSpecies.map((s: { name: string }) => s.name)).toContain('Clostridium_hathewayi');
  });

  it('scores every sample of a merged species table', async () => {
    const result = await ops([
      'report:score',
      '--file',
      path.join(data, 'gmhi/species_relative_abundances_22samples.csv'),
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(22);
  });

  it('refuses a malformed profile with its message', async () => {
    const result = await ops(['report:score', '--file', path.join(data, 'edge/unknown-rank.txt')]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr).error).toMatch(/^Line \d+/);
  });
});

describe('ops study', () => {
  it('creates a site and its kits, printing label ids, tubes and form links', async () => {
    const site = await ops(['study:create', '--name', 'CLI site', '--timezone', 'Australia/Perth']);
    expect(site.code, site.stderr).toBe(0);
    const { id, timezone } = JSON.parse(site.stdout);
    expect(timezone).toBe('Australia/Perth');

    const kits = await ops(['study:kits', '--site', String(id), '--type', 'orbitm_r_kit', '--count', '2']);
    expect(kits.code, kits.stderr).toBe(0);
    const created = JSON.parse(kits.stdout) as { hashedId: string; tubes: string[]; formLink: string }[];
    expect(created).toHaveLength(2);
    expect(created[0]?.formLink).toMatch(/\/replacement\/[\w-]{22}$/);
    expect(created[0]?.tubes).toHaveLength(4);

    const wrong = await ops(['study:kits', '--site', String(id), '--type', 'ORBITM_X_KIT', '--count', '1']);
    expect(wrong.code).toBe(1);
    const zone = await ops(['study:create', '--name', 'Bad zone', '--timezone', 'Nowhere/Land']);
    expect(zone.code).toBe(1);
    expect(JSON.parse(zone.stderr).error).toMatch(/not a time zone/);
  });
});
