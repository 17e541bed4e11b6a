import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, outbox } from '../../db/schema/index.ts';
import { createTestApp, ops, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
  it('creates a candidate and sends the validation email once; a repeated email gets the §8 text', async () => {
    const r = await recruitment();
    const email = `eoi${Date.now()}@example.com`;
    const payload = { ...details, email, sendEmail: 1, recruitmentId: r.id };
    const first = await t.app.inject({ method: 'POST', url: '/api/recruitment/candidates', payload });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(RECRUITMENT_MESSAGES.eoiSaved);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.links[0]).toContain(`/recruitment/${r.id}/candidate/`);
    const again = await t.app.inject({ method: 'POST', url: '/api/recruitment/candidates', payload });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RECRUITMENT_MESSAGES.eoiDuplicate);
  });
});
