import {
  ACCOUNT_MESSAGES,
  CONSENT_MESSAGES,
  ERROR_CODES,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentFormPdf } from '../../adapters/pdf/consent-form.ts';
import { users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  ops,
  PASSWORD,
  putProfile,
  signedInUser,
  TEST_PROFILE,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = {
  ...TEST_PROFILE,
  provider: 'AF',
  gnafId: 'GAQLD710000001',
  externalIdentifier: 'GAQLD710000001',
};
/** A save as the form sends it: with the version loaded now, unless the payload names one. */
const put = (token: string, payload: Record<string, unknown>) => putProfile(t.app, token, payload);
/** A save with exactly this body (no version added). */
const putAsIs = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me', headers: bearer(token), payload });
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('profile save (putUser)', () => {
  it('saves every detail and sets userType from the portal', async () => {
    const user = await signedInUser(t.app, { type: 'RESEARCH' });
    const res = await put(user.accessToken, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profile, userType: 'CONSUMER', country: 'AU' });
  });

  it.each([
    ['firstName', 'A'.repeat(26), PROFILE_MESSAGES.maxLength(25)],
    ['gender', 'X', PROFILE_MESSAGES.invalidGender],
    ['dateOfBirth', '31/12/1990', PROFILE_MESSAGES.invalidDate],
    ['phoneNumber', '1'.repeat(16), PROFILE_MESSAGES.maxLength(15)],
    ['addressLine1', '', PROFILE_MESSAGES.required],
    ['state', 'QLDX', PROFILE_MESSAGES.invalidState],
    ['postcode', '123', PROFILE_MESSAGES.invalidPostcode],
  ])('refuses %s=%j with its message and changes nothing', async (field, value, message) => {
    const user = await signedInUser(t.app);
    const before = await row(user.id);
    const res = await put(user.accessToken, { ...profile, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await row(user.id)).toEqual(before);
  });

  it('needs guardian names for an under-age account', async () => {
    const user = await signedInUser(t.app, { underAge: true });
    const res = await put(user.accessToken, { ...profile, dateOfBirth: '2012-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PROFILE_MESSAGES.fixHighlighted);
    expect(Object.keys(res.json().fields)).toEqual(['guardianFirstName', 'guardianLastName']);
  });

  it('answers 403 for a wrong current password, then changes it and ends the other sessions', async () => {
    const user = await signedInUser(t.app);
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const wrong = await put(user.accessToken, {
      ...profile,
      password: 'Nope1234!',
      newPassword: 'NewSecret9#',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(PASSWORD_MESSAGES.wrongCurrent);
    const weak = await put(user.accessToken, { ...profile, password: PASSWORD, newPassword: 'weakweak' });
    expect(weak.json().fields.newPassword).toBe(PASSWORD_MESSAGES.noSymbol);

    const ok = await put(user.accessToken, { ...profile, password: PASSWORD, newPassword: 'NewSecret9#' });
    expect(ok.statusCode).toBe(200);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
    expect((await refresh(otherDevice.json().refresh_token)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
  });

  it('cannot be read or changed without a token, and a token only reaches its own profile', async () => {
    const [a, b] = [await signedInUser(t.app), await signedInUser(t.app)];
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/me', payload: { ...profile, version: 1 } }))
        .statusCode,
    ).toBe(401);
    await put(b.accessToken, { ...profile, firstName: 'Bea' });
    expect((await row(a.id))?.firstName).toBe('Test');
  });
});

describe('two tabs saving the profile (issue 33 item 16)', () => {
  it('refuses the second save from the same old version with 409 and changes nothing', async () => {
    const user = await signedInUser(t.app);
    const first = await put(user.accessToken, profile);
    const loaded = first.json().version as number;
    // Tab A saves a new phone and address; tab B, opened before, then saves only a last-name change.
    const tabA = await put(user.accessToken, {
      ...profile,
      phoneNumber: '0498 765 432',
      addressLine1: '100 Queen St',
      version: loaded,
    });
    expect(tabA.statusCode).toBe(200);
    expect(tabA.json().version).toBe(loaded + 1);
    const saved = await row(user.id);
    const tabB = await put(user.accessToken, { ...profile, lastName: 'Byron', version: loaded });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().message).toBe(ACCOUNT_MESSAGES.staleProfile);
    expect(await row(user.id)).toEqual(saved);
    expect(saved).toMatchObject({
      phoneNumber: '0498 765 432',
      addressLine1: '100 Queen St',
      lastName: 'Lovelace',
    });
    // Reloaded, tab B saves from the latest version.
    const again = await put(user.accessToken, {
      ...profile,
      phoneNumber: '0498 765 432',
      addressLine1: '100 Queen St',
      lastName: 'Byron',
      version: loaded + 1,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      lastName: 'Byron',
      addressLine1: '100 Queen St',
      version: loaded + 2,
    });
  });
});

describe('a save must name the version it loaded (issue 33 item 16)', () => {
  it('refuses a save without version with 400 naming the field, and changes nothing', async () => {
    const user = await signedInUser(t.app);
    await put(user.accessToken, profile);
    const before = await row(user.id);
    const res = await putAsIs(user.accessToken, {
      ...profile,
      firstName: 'Nameless',
      lastName: 'Versionless',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PROFILE_MESSAGES.versionRequired,
      code: ERROR_CODES.validation,
      fields: { version: PROFILE_MESSAGES.versionRequired },
    });
    expect(PROFILE_MESSAGES.versionRequired).toContain('(version)');
    expect(await row(user.id)).toEqual(before);
  });

  it.each([
    ['null', null],
    ['a string', '1'],
    ['zero', 0],
    ['a fraction', 1.5],
  ])('refuses version as %s with the same message, changing nothing', async (_what, version) => {
    const user = await signedInUser(t.app);
    const before = await row(user.id);
    const res = await putAsIs(user.accessToken, { ...profile, version });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ version: PROFILE_MESSAGES.versionRequired });
    expect(await row(user.id)).toEqual(before);
  });

  it('a password change without version changes neither the password nor the sessions', async () => {
    const user = await signedInUser(t.app);
    const res = await putAsIs(user.accessToken, {
      ...profile,
      password: PASSWORD,
      newPassword: 'NewSecret9#',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.version).toBe(PROFILE_MESSAGES.versionRequired);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(200);
  });
});

describe('address finder', () => {
  it.each(['queen st', 'QUEEN ST BRISBANE', 'Queen St, Brisbane'])('suggests addresses for %j', async (q) => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      url: `/api/addresses?q=${encodeURIComponent(q)}`,
      headers: bearer(user.accessToken),
    });
    const list = res.json();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({
      locality_name: 'Brisbane City',
      state_territory: 'QLD',
      postcode: '4000',
    });
    expect(list[0].gnaf_id).toMatch(/^GAQLD/);
  });
  it('treats LIKE wildcards literally', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({ url: '/api/addresses?q=%25%25%25', headers: bearer(user.accessToken) });
    expect(res.json()).toEqual([]);
  });
});

describe('data-usage consent flow (flow 3)', () => {
  it('round trips a response with its version and records agreeToDataUsage', async () => {
    const user = await signedInUser(t.app);
    const url = `/api/consent-flow/3?consenter-type=USER&consenter-id=${user.id}`;
    const flow = (await t.app.inject({ url, headers: bearer(user.accessToken) })).json();
    expect(flow.name).toBe('Future Insight Program');
    const consent = flow.consents[0];
    expect(consent.response).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/consent/${consent.id}`,
      headers: bearer(user.accessToken),
      payload: { consentId: consent.id, consenterType: 'USER', consenterId: user.id, consented: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().version).toBe('1.0');
    const again = (await t.app.inject({ url, headers: bearer(user.accessToken) })).json();
    expect(again.consents[0].response.consented).toBe(true);
    expect((await row(user.id))?.agreeToDataUsage).toBe(true);
  });

  it("refuses to read or answer another person's consents", async () => {
    const [a, b] = [await signedInUser(t.app), await signedInUser(t.app)];
    const read = await t.app.inject({
      url: `/api/consent-flow/3?consenter-type=USER&consenter-id=${a.id}`,
      headers: bearer(b.accessToken),
    });
    expect(read.statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/consent/1',
      headers: bearer(b.accessToken),
      payload: { consentId: 1, consenterType: 'USER', consenterId: a.id, consented: false },
    });
    expect(write.statusCode).toBe(403);
    expect((await row(a.id))?.agreeToDataUsage).toBeNull();
  });
});

/** A whole PDF, as a parent would upload the downloaded form: uploads are parsed to their end. */
const PDF = await consentFormPdf('Microbiome Lab', 'info@microbiome.example');

describe('parental consent form', () => {
  const upload = (token: string, content: Buffer, filename = 'form.pdf', type = 'application/pdf') => {
    const boundary = '----portaltest';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/me/parental-consent/form',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('starts a minor at "consent missing", accepts a real PDF, refuses a second while under review', async () => {
    const minor = await signedInUser(t.app, { underAge: true });
    expect((await row(minor.id))?.parentConsented).toBe(false);
    const res = await upload(minor.accessToken, PDF);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CONSENT_MESSAGES.uploadSuccess);
    expect((await row(minor.id))?.parentConsented).toBeNull();
    const again = await upload(minor.accessToken, PDF);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONSENT_MESSAGES.requestUnderway);
  });

  it('refuses a file of 1 MB + 1 byte and a renamed text file, changing nothing', async () => {
    const minor = await signedInUser(t.app, { underAge: true });
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 1 - PDF.length, 32)]);
    const tooBig = await upload(minor.accessToken, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(CONSENT_MESSAGES.fileTooLarge);
    const text = await upload(minor.accessToken, Buffer.from('hello, I am not a PDF'), 'form.pdf');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(CONSENT_MESSAGES.wrongFileType);
    expect((await row(minor.id))?.parentConsented).toBe(false);
  });

  it('staff approve through the admin API and the minor may see results', async () => {
    const minor = await signedInUser(t.app, { underAge: true });
    await upload(minor.accessToken, PDF);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/consent-review',
      headers: ops,
      payload: { email: minor.email, approve: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().parentConsented).toBe(true);
    const user = await signedInUser(t.app);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/consent-review',
      headers: bearer(user.accessToken),
      payload: { email: minor.email, approve: false },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('emails the form link to a parent through the outbox', async () => {
    const minor = await signedInUser(t.app, { underAge: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/parental-consent/email',
      headers: bearer(minor.accessToken),
      payload: { email: 'parent@example.com' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(CONSENT_MESSAGES.emailSent);
    const mail = (await t.app.inject({ url: '/api/admin/mail?to=parent@example.com', headers: ops })).json();
    expect(mail[0].links[0]).toMatch(/\/api\/parental-consent\/form\.pdf$/);
    const pdf = await t.app.inject({ url: '/api/parental-consent/form.pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
