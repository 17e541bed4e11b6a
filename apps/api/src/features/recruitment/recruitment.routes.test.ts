import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, outbox } from '../../db/schema/index.ts';
import { createTestApp, ops, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const CHAIN = [
  {
    title: 'Study information',
    htmlContent:
      '<p>Please read about the <b>study</b>.</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
    agreeLabel: 'I have read it',
    disagreeLabel: 'I do not want to continue',
  },
  {
    title: 'Consent to take part',
    htmlContent: '<p>Do you agree to take part?</p>',
    agreeLabel: 'I agree',
    disagreeLabel: 'I do not agree',
    thanksResponse: 'Thank you. The study team will contact you.',
  },
];
const details = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  phoneNumber: '0412 345 678',
};

async function recruitment() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/recruitments',
    headers: ops,
    payload: { title: 'Soup study', consents: CHAIN },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; consentIds: number[] };
}
async function candidate(recruitmentId: number, email = `c${Date.now()}${Math.random()}@example.com`) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/recruitments/${recruitmentId}/candidates`,
    headers: ops,
    payload: { email, firstName: 'Ana', lastName: 'Silva' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; consentLink: string; unsubscribeLink: string };
}

describe('recruitment consent chain', () => {
  it('walks two consents with Save & Continue then Submit, storing each answer; HTML is sanitised', async () => {
    const r = await recruitment();
    const c = await candidate(r.id);
    expect(c.consentLink).toBe(
      `http://localhost:3000/recruitment/${r.id}/candidate/${c.id}/consent/${r.consentIds[0]}`,
    );
    const url = (consentId: number) => `/api/recruitment/${r.id}/candidate/${c.id}/consent/${consentId}`;
    const first = (await t.app.inject(url(r.consentIds[0] as number))).json();
    expect(first).toMatchObject({
      title: 'Study information',
      nextConsentId: r.consentIds[1],
      userResponse: null,
      isTerminated: false,
    });
    expect(first.htmlContent).toContain('<b>study</b>');
    expect(first.htmlContent).not.toMatch(/script|onerror|javascript:/);
    const answer1 = await t.app.inject({
      method: 'PUT',
      url: url(r.consentIds[0] as number),
      payload: { ...details, consented: true },
    });
    expect(answer1.json()).toEqual({ nextConsentId: r.consentIds[1], thanksResponse: null });
    const answer2 = await t.app.inject({
      method: 'PUT',
      url: url(r.consentIds[1] as number),
      payload: { ...details, consented: false },
    });
    expect(answer2.json()).toEqual({
      nextConsentId: null,
      thanksResponse: 'Thank you. The study team will contact you.',
    });
    expect((await t.app.inject(url(r.consentIds[1] as number))).json().userResponse).toBe(false);
  });

  it('refuses a missing choice and a foreign phone with the spec texts', async () => {
    const r = await recruitment();
    const c = await candidate(r.id);
    const url = `/api/recruitment/${r.id}/candidate/${c.id}/consent/${r.consentIds[0]}`;
    const none = await t.app.inject({ method: 'PUT', url, payload: details });
    expect(none.json().fields.consented).toBe(RECRUITMENT_MESSAGES.chooseOption);
    const phone = await t.app.inject({
      method: 'PUT',
      url,
      payload: { ...details, consented: true, phoneNumber: '+1 415 555 2671' },
    });
    expect(phone.json().fields.phoneNumber).toBe('Field Phone number is invalid phone number.');
  });

  it("does not open one candidate's consent with another recruitment's or a made-up id", async () => {
    const r1 = await recruitment();
    const r2 = await recruitment();
    const c1 = await candidate(r1.id);
    for (const url of [
      `/api/recruitment/${r2.id}/candidate/${c1.id}/consent/${r2.consentIds[0]}`,
      `/api/recruitment/${r1.id}/candidate/${c1.id}/consent/${r2.consentIds[0]}`,
      `/api/recruitment/${r1.id}/candidate/00000000-0000-4000-8000-000000000000/consent/${r1.consentIds[0]}`,
    ])
      expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/recruitment/${r1.id}/candidate/not-a-uuid/consent/1`)).statusCode).toBe(
      400,
    );
  });
});

describe('unsubscribe', () => {
  it('greets the candidate and unsubscribes them with a signed token', async () => {
    const r = await recruitment();
    const c = await candidate(r.id);
    const token = new URL(c.unsubscribeLink).searchParams.get('token') ?? '';
    expect((await t.app.inject(`/api/recruitment/unsubscribe?token=${token}`)).json()).toEqual({
      firstName: 'Ana',
      unsubscribed: false,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruitment/unsubscribe',
      payload: { token },
    });
    expect(res.json().message).toBe(RECRUITMENT_MESSAGES.unsubscribed);
    const [row] = await t.database.db.select().from(candidates).where(eq(candidates.id, c.id));
    expect(row?.unsubscribedAt).toBeTruthy();
  });

  it.each([[''], ['not-a-token'], ['eyJhbGciOiJub25lIn0.eyJjaWQiOiJ4In0.']])(
    'refuses token %j',
    async (token) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/recruitment/unsubscribe',
        payload: { token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RECRUITMENT_MESSAGES.missingToken);
    },
  );
});

describe('expression of interest', () => {
  const interest = (recruitmentId: number, email: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/recruitment/candidates',
      payload: { ...details, email, sendEmail: 1, recruitmentId },
    });
  const mailTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.to, email));

  it('sends the validation email and answers without the candidate id; a repeated email gets the §8 text', async () => {
    const r = await recruitment();
    const email = `eoi${Date.now()}@example.com`;
    const first = await interest(r.id, email);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: RECRUITMENT_MESSAGES.eoiSaved });
    const [candidate] = await t.database.db.select().from(candidates).where(eq(candidates.email, email));
    expect(first.body).not.toContain(candidate?.id);
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.links[0]).toMatch(
      new RegExp(`/recruitment/${r.id}/candidate/${candidate?.id}/consent/${r.consentIds[0]}\\?token=.+`),
    );
    const again = await interest(r.id, email);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Your email has been used to express interest in this study already. Please check your inbox for further instructions on study screening and eligibility',
    );
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('mails one address at most 3 times an hour, however many studies it is entered in, with the same answer (issue 32)', async () => {
    const email = `eoi-flood${Date.now()}@example.com`;
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const r = await recruitment();
      const res = await interest(r.id, email);
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify([201, JSON.stringify({ message: RECRUITMENT_MESSAGES.eoiSaved })])]),
    );
    const rows = await mailTo(email);
    expect(rows.filter((m) => !m.withheld)).toHaveLength(3);
    // The two past the quota keep no words and no link.
    expect(rows.filter((m) => m.withheld).map((m) => [m.text, m.links])).toEqual([
      ['', []],
      ['', []],
    ]);
  });

  it.each([
    ['Bob http://evil.ex\nClick', 'Hi Bob Click,'],
    ['www.evil.com', 'Hi there,'],
  ])('greets %j without its link or line break', async (firstName, greeting) => {
    const r = await recruitment();
    const email = `eoi-name${Date.now()}${Math.random()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruitment/candidates',
      payload: { ...details, firstName, email, sendEmail: 1, recruitmentId: r.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailTo(email);
    expect(mail?.text.split('\n')[0]).toBe(greeting);
    expect(mail?.text).not.toMatch(/evil/);
    expect(mail?.html).not.toMatch(/evil/);
  });

  it('sends the validation email even when the form says sendEmail 0', async () => {
    const r = await recruitment();
    const email = `eoi-zero${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruitment/candidates',
      payload: { ...details, email, sendEmail: 0, recruitmentId: r.id },
    });
    expect(res.statusCode).toBe(201);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('refuses consent until the emailed link is followed, then lets the candidate consent', async () => {
    const r = await recruitment();
    const email = `eoi-validate${Date.now()}@example.com`;
    expect((await interest(r.id, email)).statusCode).toBe(201);
    const [mail] = await mailTo(email);
    const link = new URL(mail?.links[0] ?? '');
    const token = link.searchParams.get('token') ?? '';
    const [, , recruitmentId, , candidateId] = link.pathname.split('/');
    const consentUrl = `/api/recruitment/${recruitmentId}/candidate/${candidateId}/consent/${r.consentIds[0]}`;
    const answer = { ...details, email, consented: true };

    for (const res of [
      await t.app.inject(consentUrl),
      await t.app.inject({ method: 'PUT', url: consentUrl, payload: answer }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: RECRUITMENT_MESSAGES.validateFirst,
        code: 'EMAIL_NOT_VERIFIED',
      });
    }
    const validateUrl = `/api/recruitment/${recruitmentId}/candidate/${candidateId}/validate`;
    // A token of another candidate, a forged one and an unsubscribe token validate nothing.
    const other = await candidate(r.id);
    const unsubscribeToken = new URL(other.unsubscribeLink).searchParams.get('token');
    for (const bad of ['garbage', unsubscribeToken, `${token}x`]) {
      const res = await t.app.inject({ method: 'POST', url: validateUrl, payload: { token: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RECRUITMENT_MESSAGES.missingToken);
    }
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/recruitment/${recruitmentId}/candidate/${other.id}/validate`,
      payload: { token },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect((await t.app.inject(consentUrl)).statusCode).toBe(403);

    const validated = await t.app.inject({ method: 'POST', url: validateUrl, payload: { token } });
    expect(validated.json()).toEqual({ validated: true });
    expect((await t.app.inject(consentUrl)).json()).toMatchObject({ title: 'Study information' });
    const put = await t.app.inject({ method: 'PUT', url: consentUrl, payload: answer });
    expect(put.statusCode).toBe(200);
    // The link works again later (opened twice, or from another device).
    expect((await t.app.inject({ method: 'POST', url: validateUrl, payload: { token } })).statusCode).toBe(
      200,
    );
  });

  it('counts the form like a voucher check: past VOUCHER_RATE_LIMIT an address gets 429 and no email', async () => {
    const limited = await createTestApp({ VOUCHER_RATE_LIMIT: '3' });
    try {
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/admin/recruitments',
        headers: ops,
        payload: { title: 'Soup study', consents: CHAIN },
      });
      const { id } = created.json();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await interest(id, `list${i}@example.com`, limited.app)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const refused = await interest(id, 'list9@example.com', limited.app);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const sent = await limited.database.db.select().from(outbox).where(eq(outbox.to, 'list9@example.com'));
      expect(sent).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
