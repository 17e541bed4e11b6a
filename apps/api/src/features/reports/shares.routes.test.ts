import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHARE_MESSAGES, type SharedPayload } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { outbox, reportShares, reportShareViews, users } from '../../db/schema/index.ts';
import {
  bearer,
  createProject,
  createTestApp,
  kitWithResults,
  must,
  notificationsOfKind,
  ops,
  reportProfile,
  signedInUser,
  TEST_JWT_SECRET,
  TEST_OPS_KEY,
  type TestApp,
  testConfig,
} from '../../test/helpers.ts';
import { exportFiles } from '../data-rights/build-export.ts';
import { decryptPayload } from './share-crypto.ts';
import { SHARE_PAGE_CSP, SHARE_RATE_LIMITS } from './shares.routes.ts';

const PROFILE = reportProfile('gmwi2/SRR1761667_metaphlan.txt');
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'share-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function personWithReport(): Promise<{ person: Person; sample: string }> {
  const person = await signedInUser(t.app);
  const kit = await kitWithResults(t.app, person.email, PROFILE, { displayDate: '2026-03-01' });
  return { person, sample: kit.sampleIdentifier };
}

/** Creating a link is limited per address (20 a minute): a test past that count gives its own address. */
const create = (token: string, payload: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/report-shares', headers: bearer(token), payload, remoteAddress });
const list = (token: string) => t.app.inject({ url: '/api/report-shares', headers: bearer(token) });
const open = (app: TestApp['app'], id: string, pin?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/shared/${id}/open`,
    headers: { 'user-agent': CHROME },
    payload: pin === undefined ? {} : { pin },
  });
const sharesOf = (ownerId: string) =>
  t.database.db.select().from(reportShares).where(eq(reportShares.ownerId, ownerId));

/** The link's id and the key after its `#`. */
function parts(url: string) {
  const link = new URL(url);
  return { id: must(link.pathname.split('/')[2], 'an id'), key: link.hash.slice(1) };
}

describe('sharing a report', () => {
  it('makes an unguessable link whose reports only its key opens; the practitioner opens it with the PIN; the view is listed', async () => {
    const { person, sample } = await personWithReport();
    const res = await create(person.accessToken, { samples: [sample], expiresInDays: 14, pin: true });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    const { id, key } = parts(created.url);
    expect(created.url).toBe(`http://localhost:3000/share/${id}#${key}`);
    // 128 random bits each: 22 base64url characters for the id, 43 for the 256-bit key.
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.pin).toMatch(/^\d{6}$/);
    const expires = new Date(created.expiresAt).getTime() - Date.now();
    expect(Math.round(expires / 86_400_000)).toBe(14);

    // The server keeps only ciphertext: neither the sample, the person nor the key is in the row.
    const [row] = await sharesOf(person.id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(key);
    expect(row?.payload).toMatch(/^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(row?.payload).not.toContain('gmwi2');
    expect(row?.pinHash).not.toContain(created.pin);

    const link = await t.app.inject({ url: `/api/shared/${id}` });
    expect(link.statusCode).toBe(200);
    expect(link.headers['x-robots-tag']).toContain('noindex');
    expect(link.json()).toMatchObject({ needsPin: true, lockedUntil: null });

    const withoutPin = await open(t.app, id);
    expect(withoutPin.statusCode).toBe(403);
    expect(withoutPin.json().message).toBe(SHARE_MESSAGES.pinRequired);

    const opened = await open(t.app, id, created.pin);
    expect(opened.statusCode, opened.body).toBe(200);
    const payload = JSON.parse(await decryptPayload(opened.json().payload, key)) as SharedPayload;
    expect(payload.person).toBe('Test Person');
    expect(payload.reports).toHaveLength(1);
    expect(payload.reports[0]).toMatchObject({ sampleIdentifier: sample, displayDate: '2026-03-01' });
    expect(Buffer.from(must(payload.reports[0], 'a report').pdf, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    // Another key does not open it.
    await expect(decryptPayload(opened.json().payload, 'A'.repeat(43))).rejects.toThrow();

    const mine = list(person.accessToken);
    const [item] = (await mine).json();
    expect(item).toMatchObject({
      id,
      status: 'ACTIVE',
      hasPin: true,
      samples: [{ sampleIdentifier: sample, name: expect.any(String) }],
      views: [{ browser: 'Chrome on Linux', country: null }],
    });
  });

  it('refuses an expiry outside 1 to 90 days, no report, or a sample not the person’s, and stores nothing', async () => {
    const { person, sample } = await personWithReport();
    const other = await personWithReport();
    for (const payload of [
      { samples: [sample], expiresInDays: 0 },
      { samples: [sample], expiresInDays: 91 },
      { samples: [sample], expiresInDays: 1.5 },
      { samples: [], expiresInDays: 7 },
    ]) {
      const res = await create(person.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const stolen = await create(person.accessToken, { samples: [other.sample], expiresInDays: 7 });
    expect(stolen.statusCode).toBe(404);
    expect(await sharesOf(person.id)).toEqual([]);
    const limits = await create(person.accessToken, { samples: [sample], expiresInDays: 90 });
    expect(limits.statusCode).toBe(201);
    expect((await create(person.accessToken, { samples: [sample], expiresInDays: 1 })).statusCode).toBe(201);
  });

  it('cannot be made for a report of a study that withholds results', async () => {
    const person = await signedInUser(t.app);
    const blind = await createProject(t.app, {
      name: 'Blind share study',
      resultDeliveryType: 'NO_DELIVERY',
    });
    const kit = await kitWithResults(t.app, person.email, PROFILE, {
      displayDate: '2026-03-01',
      projectId: blind.id,
    });
    const res = await create(person.accessToken, { samples: [kit.sampleIdentifier], expiresInDays: 7 });
    expect(res.statusCode).toBe(404);
    expect(await sharesOf(person.id)).toEqual([]);
  });

  it('is refused to a minor, even one who sees their reports; a guardian account shares its child’s report', async () => {
    const minor = await personWithReport();
    await t.database.db
      .update(users)
      .set({ dateOfBirth: '2012-05-05', parentConsented: true })
      .where(eq(users.id, minor.person.id));
    expect(
      (await t.app.inject({ url: `/api/reports/${minor.sample}`, headers: bearer(minor.person.accessToken) }))
        .statusCode,
    ).toBe(200);
    const refused = await create(minor.person.accessToken, { samples: [minor.sample], expiresInDays: 7 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SHARE_NOT_PERMITTED', message: SHARE_MESSAGES.minor });
    expect(await sharesOf(minor.person.id)).toEqual([]);

    const guardian = await personWithReport();
    await t.database.db
      .update(users)
      .set({ guardian: true, dateOfBirth: '2014-02-02', parentConsented: true })
      .where(eq(users.id, guardian.person.id));
    const shared = await create(guardian.person.accessToken, {
      samples: [guardian.sample],
      expiresInDays: 7,
    });
    expect(shared.statusCode, shared.body).toBe(201);
  });
});

describe('wrong PINs', () => {
  it('five wrong PINs lock the link for an hour, even for the right PIN, and tell its owner', async () => {
    const { person, sample } = await personWithReport();
    const created = (
      await create(person.accessToken, { samples: [sample], expiresInDays: 7, pin: true })
    ).json();
    const { id } = parts(created.url);
    const wrong = created.pin === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const res = await open(t.app, id, wrong);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_MESSAGES.wrongPin(left));
    }
    const fifth = await open(t.app, id, wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toBe(SHARE_MESSAGES.locked);
    const right = await open(t.app, id, created.pin);
    expect(right.statusCode).toBe(423);
    expect(right.body).not.toContain('payload');
    const [row] = await sharesOf(person.id);
    const lockedFor = (must(row?.lockedUntil, 'a lock').getTime() - Date.now()) / 60_000;
    expect(Math.round(lockedFor)).toBe(60);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, person.email));
    expect(mail.map((m) => m.subject)).toContain('One of your share links was locked');
    // A notification in the owner's inbox (issue 35), its email sent once.
    const lockedNotices = await notificationsOfKind(t.database.db, { userId: person.id }, 'share-locked');
    expect(lockedNotices.map((n) => [n.subject, n.link, n.channels, n.mail?.kind])).toEqual([
      ['One of your share links was locked', '/reports/shares', ['EMAIL', 'IN_APP'], 'share-locked'],
    ]);
    expect((await list(person.accessToken)).json()[0]).toMatchObject({ status: 'LOCKED', views: [] });
    expect((await t.app.inject({ url: `/api/shared/${id}` })).json().lockedUntil).not.toBeNull();

    // An hour on, the right PIN opens it.
    await t.database.db
      .update(reportShares)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(reportShares.id, id));
    expect((await open(t.app, id, created.pin)).statusCode).toBe(200);
  });
});

describe('taking a link back', () => {
  async function secondInstance(): Promise<{ app: TestApp['app']; close(): Promise<void> }> {
    let database: Database = t.database;
    let own = false;
    if (t.database.kind === 'postgres' && process.env.TEST_DATABASE_URL) {
      const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${rows[0]?.name ?? ''}`;
      database = await openPostgres(url.toString(), 2);
      own = true;
    }
    const app = await buildApp(testConfig(), database, {
      jwtSecret: TEST_JWT_SECRET,
      opsKey: TEST_OPS_KEY,
      webDist: '/nonexistent-web-dist',
    });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        if (own) await database.close();
      },
    };
  }

  it('a link revoked on one instance answers 410 on another at once, and its ciphertext is wiped', async () => {
    const other = await secondInstance();
    try {
      const { person, sample } = await personWithReport();
      const { id } = parts(
        (await create(person.accessToken, { samples: [sample], expiresInDays: 7 })).json().url,
      );
      expect((await open(other.app, id)).statusCode).toBe(200);
      const revoked = await t.app.inject({
        method: 'POST',
        url: `/api/report-shares/${id}/revoke`,
        headers: bearer(person.accessToken),
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      const after = await open(other.app, id);
      expect(after.statusCode).toBe(410);
      expect(after.json().message).toBe(SHARE_MESSAGES.revoked);
      expect(after.body).not.toContain('payload');
      const [row] = await sharesOf(person.id);
      expect(row?.payload).toBeNull();
      expect((await list(person.accessToken)).json()[0]).toMatchObject({ status: 'REVOKED', views: [{}] });
      // Revoking again changes nothing.
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/report-shares/${id}/revoke`,
        headers: bearer(person.accessToken),
      });
      expect(again.json().revokedAt).toBe(revoked.json().revokedAt);
    } finally {
      await other.close();
    }
  });

  it('the page answers 404 for an unknown link and 410 for a revoked or expired one, saying it is no longer available', async () => {
    const { person, sample } = await personWithReport();
    const { id } = parts(
      (await create(person.accessToken, { samples: [sample], expiresInDays: 7 })).json().url,
    );
    const { id: expiring } = parts(
      (await create(person.accessToken, { samples: [sample], expiresInDays: 7 })).json().url,
    );

    const page = await t.app.inject({ url: `/share/${id}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(SHARE_PAGE_CSP);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<meta name="robots" content="noindex');

    await t.app.inject({
      method: 'POST',
      url: `/api/report-shares/${id}/revoke`,
      headers: bearer(person.accessToken),
    });
    await t.database.db
      .update(reportShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(reportShares.id, expiring));
    for (const [target, status, message] of [
      [id, 410, SHARE_MESSAGES.revoked],
      [expiring, 410, SHARE_MESSAGES.expired],
      ['AAAAAAAAAAAAAAAAAAAAAA', 404, SHARE_MESSAGES.notAvailable],
    ] as const) {
      const gone = await t.app.inject({ url: `/share/${target}`, headers: { accept: 'text/html' } });
      expect(gone.statusCode, target).toBe(status);
      expect(gone.body).toContain('This link is no longer available');
      expect(gone.body).toContain(message.replaceAll("'", '&#39;'));
      expect(gone.headers['x-robots-tag']).toContain('noindex');
      expect(gone.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
      const api = await t.app.inject({ url: `/api/shared/${target}` });
      expect(api.statusCode).toBe(status);
      expect((await open(t.app, target)).statusCode).toBe(status);
    }
  });
});

describe('another person', () => {
  it('can neither list, revoke nor share someone’s links or reports', async () => {
    const { person, sample } = await personWithReport();
    const stranger = await signedInUser(t.app);
    const { id } = parts(
      (await create(person.accessToken, { samples: [sample], expiresInDays: 7 })).json().url,
    );
    expect((await list(stranger.accessToken)).json()).toEqual([]);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/report-shares/${id}/revoke`,
      headers: bearer(stranger.accessToken),
    });
    expect(revoke.statusCode).toBe(404);
    expect((await sharesOf(person.id))[0]?.revokedAt).toBeNull();
    expect((await create(stranger.accessToken, { samples: [sample], expiresInDays: 7 })).statusCode).toBe(
      404,
    );
    expect(await sharesOf(stranger.id)).toEqual([]);
    expect((await t.app.inject({ url: '/api/report-shares' })).statusCode).toBe(401);
  });
});

describe('a practitioner who gave a referral code', () => {
  it('is offered by name and gets the link by email; a practitioner the person has no code of is refused', async () => {
    const { person, sample } = await personWithReport();
    // The practitioners' codes as ops referral:create makes them, two with the email to send links to.
    for (const payload of [
      { code: 'DRSMITH', firstName: 'Jane', lastName: 'Smith', email: 'Jane.Smith@clinic.example' },
      { code: 'DRJONES', firstName: 'Tom', lastName: 'Jones', email: 'tom.jones@clinic.example' },
      { code: 'NOMAIL', firstName: 'No', lastName: 'Mail' },
    ]) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/admin/referral-codes',
        headers: ops,
        payload,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    await t.database.db.update(users).set({ referralCode: 'DRSMITH' }).where(eq(users.id, person.id));
    const practitioners = await t.app.inject({
      url: '/api/report-shares/practitioners',
      headers: bearer(person.accessToken),
    });
    expect(practitioners.json()).toEqual([{ code: 'DRSMITH', name: 'Jane Smith' }]);

    const refused = await create(person.accessToken, {
      samples: [sample],
      expiresInDays: 7,
      practitionerCode: 'DRJONES',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHARE_MESSAGES.unknownPractitioner);
    expect(
      await t.database.db.select().from(outbox).where(eq(outbox.to, 'tom.jones@clinic.example')),
    ).toEqual([]);

    const res = await create(person.accessToken, {
      samples: [sample],
      expiresInDays: 7,
      pin: true,
      practitionerCode: 'DRSMITH',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().recipientName).toBe('Jane Smith');
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'jane.smith@clinic.example'));
    expect(mail?.subject).toBe('Test Person shared their microbiome report with you');
    expect(mail?.links[0]).toBe(res.json().url);
    // The PIN goes separately: never in the email.
    expect(mail?.text).not.toContain(res.json().pin);
    // The practitioner has no account: an email-only notification, without the link's key.
    const [notice, ...more] = await notificationsOfKind(
      t.database.db,
      { recipient: 'jane.smith@clinic.example' },
      'report-share',
    );
    expect(more).toEqual([]);
    const { id: shareId, key } = parts(res.json().url);
    expect(notice).toMatchObject({
      userId: null,
      subject: mail?.subject,
      link: `/share/${shareId}`,
      channels: ['EMAIL'],
      mail: { id: mail?.id, kind: 'report-share' },
    });
    expect(JSON.stringify([notice?.body, notice?.link])).not.toContain(key);
    expect((await list(person.accessToken)).json()[0].recipientName).toBe('Jane Smith');
  });
});

describe('rate limits', () => {
  it('limits the views of one link a minute, whoever asks', async () => {
    const { person, sample } = await personWithReport();
    const { id } = parts(
      (await create(person.accessToken, { samples: [sample], expiresInDays: 7 })).json().url,
    );
    const statuses: number[] = [];
    for (let i = 0; i <= SHARE_RATE_LIMITS.perLink; i++)
      statuses.push(
        (await t.app.inject({ url: `/api/shared/${id}`, remoteAddress: `203.0.113.${i + 1}` })).statusCode,
      );
    expect(statuses.slice(0, SHARE_RATE_LIMITS.perLink).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(
      await t.database.db.select().from(reportShareViews).where(eq(reportShareViews.shareId, id)),
    ).toEqual([]);
  });

  it('limits the links one address tries a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SHARE_RATE_LIMITS.perAddress; i++)
      statuses.push(
        (await t.app.inject({ url: `/api/shared/unknown-link-${i}`, remoteAddress: '198.51.100.7' }))
          .statusCode,
      );
    expect(statuses.slice(0, SHARE_RATE_LIMITS.perAddress).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the personal data export (issue 36)', () => {
  it('holds every share link with its expiry, revocation and views, and never the link itself', async () => {
    const { person, sample } = await personWithReport();
    const first = await create(person.accessToken, { samples: [sample], expiresInDays: 1 }, '192.0.2.36');
    const second = await create(
      person.accessToken,
      { samples: [sample], expiresInDays: 30, pin: true },
      '192.0.2.36',
    );
    expect(first.statusCode, first.body).toBe(201);
    const a = parts(first.json().url);
    const b = parts(second.json().url);
    expect((await open(t.app, a.id)).statusCode).toBe(200);
    expect((await open(t.app, a.id)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/report-shares/${b.id}/revoke`,
      headers: bearer(person.accessToken),
    });
    expect(revoked.statusCode).toBe(200);
    // Another person's link is not theirs to see.
    const other = await personWithReport();
    await create(other.person.accessToken, { samples: [other.sample], expiresInDays: 5 });

    const files = await exportFiles(t.app.ctx, person.id);
    const byPath = Object.fromEntries(files.map((f) => [f.path, strFromU8(f.bytes)]));
    const { shares } = JSON.parse(must(byPath['report-shares.json'], 'report-shares.json'));
    const rows = await sharesOf(person.id);
    const rowOf = (id: string) =>
      must(
        rows.find((r) => r.id === id),
        'a share row',
      );
    expect(shares).toEqual([
      {
        link: 1,
        reports: [sample],
        createdAt: rowOf(a.id).createdAt.toISOString(),
        expiresAt: rowOf(a.id).expiresAt.toISOString(),
        revokedAt: null,
        status: 'ACTIVE',
        pinProtected: false,
        recipient: null,
        views: [
          { viewedAt: expect.any(String), browser: 'Chrome on Linux', country: null },
          { viewedAt: expect.any(String), browser: 'Chrome on Linux', country: null },
        ],
      },
      {
        link: 2,
        reports: [sample],
        createdAt: rowOf(b.id).createdAt.toISOString(),
        expiresAt: rowOf(b.id).expiresAt.toISOString(),
        revokedAt: must(rowOf(b.id).revokedAt, 'revoked').toISOString(),
        status: 'REVOKED',
        pinProtected: true,
        recipient: null,
        views: [],
      },
    ]);
    const csvLines = must(byPath['report-shares.csv'], 'report-shares.csv').trim().split('\r\n');
    expect(csvLines[0]).toBe(
      'link,reports,created_at,expires_at,revoked_at,status,pin_protected,recipient,viewed_at,browser,country',
    );
    expect(csvLines.slice(1).map((l) => l.split(',').slice(0, 1).concat(l.split(',').slice(5, 7)))).toEqual([
      ['1', 'ACTIVE', 'no'],
      ['1', 'ACTIVE', 'no'],
      ['2', 'REVOKED', 'yes'],
    ]);
    expect(must(byPath['README.txt'], 'README.txt')).toContain('report-shares.json');
    // No file of the export holds a link's id or key: they open the reports.
    for (const [file, text] of Object.entries(byPath))
      for (const secret of [a.id, a.key, b.id, b.key]) expect(text, file).not.toContain(secret);
  });

  it('holds an empty list for a person who never shared', async () => {
    const person = await signedInUser(t.app);
    const files = await exportFiles(t.app.ctx, person.id);
    const byPath = Object.fromEntries(files.map((f) => [f.path, strFromU8(f.bytes)]));
    expect(JSON.parse(must(byPath['report-shares.json'], 'json'))).toEqual({ shares: [] });
    expect(byPath['report-shares.csv']?.trim().split('\r\n')).toHaveLength(1);
  });
});
