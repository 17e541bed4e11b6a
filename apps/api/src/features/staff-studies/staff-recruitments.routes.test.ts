import { RECRUITMENT_STAFF_MESSAGES } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruitmentConsents, recruitments, staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, type TestApp, uniqueEmail } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
let study: Awaited<ReturnType<typeof signedInStaff>>;

const get = (url: string, token = study.accessToken) => t.app.inject({ url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = study.accessToken) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const auditOf = async (id: number) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.entity, 'recruitment'), eq(staffAudit.entityId, String(id))))
    .orderBy(desc(staffAudit.at));

const consent = (title: string, extra: object = {}) => ({
  title,
  htmlContent: `<p>About <b>${title}</b>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`,
  agreeLabel: 'I agree',
  disagreeLabel: 'I do not agree',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
  study = await signedInStaff(t.app, ['STUDY']);
}, 60_000);
afterAll(() => t.close());

async function newRecruitment(titles = ['Study information', 'Sample storage']) {
  const res = await send('POST', '/api/staff/recruitments', {
    title: `Soup study ${Date.now().toString(36)}`,
    consents: titles.map((title) => consent(title)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    chain: { id: number; title: string; htmlContent: string; version: number }[];
  };
}

describe('the consent chain', () => {
  it('creates a recruitment with its chain in order, sanitised, and audited', async () => {
    const created = await newRecruitment();
    expect(created.chain.map((c) => c.title)).toEqual(['Study information', 'Sample storage']);
    expect(created.chain[0]?.htmlContent).toBe(
      '<p>About <b>Study information</b>.</p><a rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect((await auditOf(created.id))[0]).toMatchObject({ action: 'recruitment.create', actorId: study.id });
    const listed = (await get('/api/staff/recruitments')).json();
    expect(listed.recruitments[0]).toMatchObject({ id: created.id, consents: 2, candidates: 0 });
  });

  it('previews consent HTML exactly as it would be stored', async () => {
    const res = await send('POST', '/api/staff/recruitments/consent-preview', {
      title: '<i>Hello</i><img src=x onerror=alert(1)>',
      htmlContent: '<h2>Why</h2><iframe src="https://evil.example"></iframe><p style="color:red">Text</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: '<i>Hello</i>',
      htmlContent: '<h2>Why</h2><p>Text</p>',
      thanksResponse: '',
    });
  });

  it('refuses bad chains with a message and stores nothing', async () => {
    const before = (await t.database.db.select().from(recruitments)).length;
    const cases: [object, string][] = [
      [{ title: 'X', consents: [] }, RECRUITMENT_STAFF_MESSAGES.consentsRequired],
      [{ title: '', consents: [consent('A')] }, RECRUITMENT_STAFF_MESSAGES.titleRequired],
      [
        { title: 'X', consents: [consent('A', { agreeLabel: ' ' })] },
        RECRUITMENT_STAFF_MESSAGES.agreeRequired,
      ],
      [
        { title: 'X', consents: [consent('A', { url: 'http://insecure.example/a.pdf' })] },
        RECRUITMENT_STAFF_MESSAGES.urlHttps,
      ],
      [
        { title: 'X', consents: [consent('A', { htmlContent: '<script>x()</script>' })] },
        RECRUITMENT_STAFF_MESSAGES.emptyAfterCleaning,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await send('POST', '/api/staff/recruitments', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await t.database.db.select().from(recruitments)).length).toBe(before);
  });

  it('refuses a change from a window that loaded an older version with 409, changing nothing (issue 33 item 16)', async () => {
    const created = await newRecruitment(['One']);
    const loaded = (await get(`/api/staff/recruitments/${created.id}`)).json().chain[0];
    const url = `/api/staff/recruitments/${created.id}/consents/${loaded.id}`;
    const first = await send('PUT', url, { ...consent('One, clearer'), version: loaded.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().chain[0].version).toBe(loaded.version + 1);
    const stale = await send('PUT', url, { ...consent('One, shorter'), version: loaded.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECRUITMENT_STAFF_MESSAGES.staleConsent);
    const [row] = await t.database.db
      .select()
      .from(recruitmentConsents)
      .where(eq(recruitmentConsents.id, loaded.id));
    expect(row).toMatchObject({ title: 'One, clearer', version: loaded.version + 1 });
    expect(await auditOf(created.id)).toHaveLength(2);
  });

  it('edits a consent nobody answered, adds one at the end, and keeps an answered consent’s words', async () => {
    const created = await newRecruitment(['One']);
    const [first] = created.chain;
    if (!first) throw new Error('no consent');
    // A change that does not name the version it loaded is refused as bad input.
    const unversioned = await send(
      'PUT',
      `/api/staff/recruitments/${created.id}/consents/${first.id}`,
      consent('One, clearer'),
    );
    expect(unversioned.statusCode).toBe(400);
    const edited = await send('PUT', `/api/staff/recruitments/${created.id}/consents/${first.id}`, {
      ...consent('One, clearer'),
      htmlContent: '<p>New words</p>',
      version: first.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().chain[0]).toMatchObject({ title: 'One, clearer', htmlContent: '<p>New words</p>' });
    expect((await auditOf(created.id))[0]).toMatchObject({
      action: 'recruitment.consent.change',
      before: { title: 'One' },
      after: { title: 'One, clearer' },
    });
    const added = await send('POST', `/api/staff/recruitments/${created.id}/consents`, consent('Two'));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().chain.map((c: { title: string }) => c.title)).toEqual(['One, clearer', 'Two']);

    // A candidate answers the first consent: from then on its words stay.
    const invited = await send('POST', `/api/staff/recruitments/${created.id}/candidates`, {
      email: uniqueEmail('candidate'),
      firstName: 'Cara',
      lastName: 'Candidate',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { id: candidateId, consentLink } = invited.json();
    expect(consentLink).toContain(`/recruitment/${created.id}/candidate/${candidateId}/consent/${first.id}`);
    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/recruitment/${created.id}/candidate/${candidateId}/consent/${first.id}`,
      payload: {
        consented: true,
        firstName: 'Cara',
        lastName: 'Candidate',
        email: 'cara@example.com',
        phoneNumber: '0412 345 678',
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const locked = await send('PUT', `/api/staff/recruitments/${created.id}/consents/${first.id}`, {
      ...consent('Sneaky'),
      version: first.version + 1,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(RECRUITMENT_STAFF_MESSAGES.answered);
    const [row] = await t.database.db
      .select()
      .from(recruitmentConsents)
      .where(eq(recruitmentConsents.id, first.id));
    expect(row?.title).toBe('One, clearer');
    expect((await get(`/api/staff/recruitments/${created.id}`)).json().chain[0].responses).toBe(1);
    expect(
      (
        await send('PUT', `/api/staff/recruitments/${created.id}/consents/999999`, {
          ...consent('X'),
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('candidates', () => {
  it('lists candidates with their answers and unsubscribe state, newest first by keyset', async () => {
    const created = await newRecruitment(['Only']);
    const [only] = created.chain;
    const ids: string[] = [];
    for (let i = 0; i < 27; i += 1) {
      const res = await send('POST', `/api/staff/recruitments/${created.id}/candidates`, {
        email: uniqueEmail(`c${i}`),
        firstName: 'Cand',
        lastName: `No${i}`,
      });
      ids.push(res.json().id);
    }
    const dup = await send('POST', `/api/staff/recruitments/${created.id}/candidates`, {
      email: (await get(`/api/staff/recruitments/${created.id}/candidates`)).json().candidates[0].email,
      firstName: 'Again',
      lastName: 'Same',
    });
    expect(dup.statusCode).toBe(409);
    const first = ids[0] as string;
    await t.app.inject({
      method: 'PUT',
      url: `/api/recruitment/${created.id}/candidate/${first}/consent/${only?.id}`,
      payload: {
        consented: false,
        firstName: 'Cand',
        lastName: 'No0',
        email: 'no0@example.com',
        phoneNumber: '0412 345 678',
      },
    });
    const links = await t.app.inject({
      method: 'POST',
      url: `/api/staff/recruitments/${created.id}/candidates`,
      headers: bearer(study.accessToken),
      payload: { email: uniqueEmail('unsub'), firstName: 'Un', lastName: 'Sub' },
    });
    const token = new URL(links.json().unsubscribeLink).searchParams.get('token');
    await t.app.inject({ method: 'POST', url: '/api/recruitment/unsubscribe', payload: { token } });

    const page1 = (await get(`/api/staff/recruitments/${created.id}/candidates`)).json();
    expect(page1.candidates).toHaveLength(25);
    expect(page1.candidates[0]).toMatchObject({ lastName: 'Sub', source: 'INVITED' });
    expect(page1.candidates[0].unsubscribedAt).not.toBeNull();
    const page2 = (
      await get(`/api/staff/recruitments/${created.id}/candidates?after=${encodeURIComponent(page1.next)}`)
    ).json();
    expect(page2.next).toBeNull();
    const all = [...page1.candidates, ...page2.candidates];
    expect(new Set(all.map((c: { id: string }) => c.id)).size).toBe(28);
    const answeredOne = all.find((c: { id: string }) => c.id === first);
    expect(answeredOne.answers).toEqual([
      expect.objectContaining({ consentId: only?.id, title: 'Only', consented: false }),
    ]);
    expect((await get(`/api/staff/recruitments/${created.id}/candidates?after=nonsense`)).statusCode).toBe(
      400,
    );
    expect((await get('/api/staff/recruitments/999999/candidates')).statusCode).toBe(404);
    // Each list read is audited (issue 32); the newest change is the last invitation.
    const changes = (await auditOf(created.id)).filter((e) => e.action !== 'recruitment.candidates.list');
    expect(changes[0]?.action).toBe('recruitment.candidate.invite');
  });

  it('is for STUDY: support and a customer are refused and nothing is created', async () => {
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const customer = await signedInUser(t.app);
    const before = (await t.database.db.select().from(recruitments)).length;
    for (const token of [support.accessToken, customer.accessToken]) {
      const res = await send(
        'POST',
        '/api/staff/recruitments',
        { title: 'No', consents: [consent('A')] },
        token,
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await t.database.db.select().from(recruitments)).length).toBe(before);
  });
});
