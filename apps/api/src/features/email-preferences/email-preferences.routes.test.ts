import {
  EMAIL_CATEGORIES,
  EMAIL_PREFERENCES_TEXTS,
  ERROR_CODES,
  SUPPORT_VIEW_READ_ONLY,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../adapters/mail/category-mail.ts';
import { emailPreferences, outbox } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  must,
  ops,
  signedInUser,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Preferences = { preferences: { category: string; subscribed: boolean; updatedAt: string | null }[] };

const preferences = async (token: string) =>
  (await t.app.inject({ url: '/api/me/email-preferences', headers: bearer(token) })).json() as Preferences;
const subscribed = async (token: string) =>
  Object.fromEntries((await preferences(token)).preferences.map((p) => [p.category, p.subscribed]));
const put = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/email-preferences',
    headers: bearer(token),
    payload: payload as object,
  });
const mailTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.to, email));
const kitStep = (kitId: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/kits/${kitId}`, headers: ops, payload });

/** A kit the person activates and the lab sends: two kit progress emails (unless switched off). */
async function dispatchKit(person: Person) {
  const kit = await createKit(t.app, { ownerEmail: person.email });
  const activated = await t.app.inject({
    method: 'POST',
    url: `/api/kits/${kit.id}/activate`,
    headers: bearer(person.accessToken),
    payload: { addressLine1: '9 Test St', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' },
  });
  expect(activated.statusCode, activated.body).toBeLessThan(300);
  expect((await kitStep(kit.id, { kitStatus: 'DISPATCHED_BY_LAB' })).statusCode).toBe(200);
  return kit;
}

async function viewAs(email: string) {
  const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: bearer(support.accessToken),
    payload: { username: email },
  });
  return res.json().access_token as string;
}

const tokenFromHeader = (header: string | undefined) =>
  must(new URL(must(header, 'List-Unsubscribe').slice(1, -1)).searchParams.get('token'), 'token');

describe('email preferences in My Profile', () => {
  it('shows every category with its default until the person chooses, then their choice and when', async () => {
    const person = await signedInUser(t.app);
    const initial = await preferences(person.accessToken);
    expect(initial.preferences.map((p) => p.category)).toEqual([...EMAIL_CATEGORIES]);
    expect(await subscribed(person.accessToken)).toEqual({
      KIT_PROGRESS: true,
      QUESTIONNAIRE_REMINDERS: true,
      RESEARCH_NEWS: true,
      OFFERS: false,
    });
    expect(initial.preferences.every((p) => p.updatedAt === null)).toBe(true);

    const res = await put(person.accessToken, { KIT_PROGRESS: false, OFFERS: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Preferences;
    expect(after.preferences.find((p) => p.category === 'OFFERS')).toMatchObject({ subscribed: true });
    expect(after.preferences.find((p) => p.category === 'KIT_PROGRESS')?.updatedAt).toEqual(
      expect.any(String),
    );
    expect(await subscribed(person.accessToken)).toEqual({
      KIT_PROGRESS: false,
      QUESTIONNAIRE_REMINDERS: true,
      RESEARCH_NEWS: true,
      OFFERS: true,
    });
    // Another person's choices are their own.
    const other = await signedInUser(t.app);
    expect((await subscribed(other.accessToken)).KIT_PROGRESS).toBe(true);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const person = await signedInUser(t.app);
    await put(person.accessToken, { RESEARCH_NEWS: false });
    const before = await preferences(person.accessToken);
    const cases: [unknown, RegExp][] = [
      [{}, /Choose at least one email category/],
      [{ NEWSLETTER: true }, /There is no email category NEWSLETTER\. The categories are KIT_PROGRESS/],
      [{ KIT_PROGRESS: 'no' }, /KIT_PROGRESS must be true or false/],
      [[true], /./],
    ];
    for (const [payload, message] of cases) {
      const res = await put(person.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await preferences(person.accessToken)).toEqual(before);
  });

  it('lets a support view read the choices but never change them, and a stranger without a token nothing', async () => {
    const person = await signedInUser(t.app);
    const view = await viewAs(person.email);
    expect((await t.app.inject({ url: '/api/me/email-preferences', headers: bearer(view) })).statusCode).toBe(
      200,
    );
    const refused = await put(view, { KIT_PROGRESS: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: SUPPORT_VIEW_READ_ONLY,
      code: ERROR_CODES.supportViewReadOnly,
    });
    expect((await subscribed(person.accessToken)).KIT_PROGRESS).toBe(true);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/me/email-preferences', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('sending consults the preferences', () => {
  it('queues kit progress mail with its unsubscribe link and RFC 8058 headers; transactional mail has neither', async () => {
    const person = await signedInUser(t.app);
    await dispatchKit(person);
    const progress = (await mailTo(person.email)).filter((m) => m.category === 'KIT_PROGRESS');
    expect(progress.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'We are packing your Microbiome Lab kit',
        'Your Microbiome Lab kit is on its way',
      ]),
    );
    for (const mail of progress) {
      expect(mail.headers['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/email-preferences\/one-click\?token=[\w.-]+>$/,
      );
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const token = tokenFromHeader(mail.headers['List-Unsubscribe']);
      const page = `http://localhost:3000/email-unsubscribe?token=${token}`;
      expect(mail.links).toContain(page);
      expect(mail.text).toContain(page);
      expect(mail.html).toContain(page);
      expect(mail.text).toContain('"Kit progress" emails are on');
    }

    // Transactional: a password reset (security) carries no unsubscribe at all.
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: person.email } });
    const reset = must(
      (await mailTo(person.email)).find((m) => m.subject.includes('Reset your')),
      'the reset email',
    );
    expect(reset.headers).toEqual({});
    expect(reset.category).toBeNull();
    expect(reset.text).not.toContain('email-unsubscribe');
    // The mail list of the operators shows both.
    const listed = (await t.app.inject({ url: `/api/admin/mail?to=${person.email}`, headers: ops })).json();
    expect(listed.find((m: { category: string }) => m.category === 'KIT_PROGRESS').headers).toHaveProperty(
      'List-Unsubscribe-Post',
    );
  });

  it('does not queue a message of a category the person switched off (and the kit still moves)', async () => {
    const person = await signedInUser(t.app);
    expect((await put(person.accessToken, { KIT_PROGRESS: false })).statusCode).toBe(200);
    const kit = await dispatchKit(person);
    expect(await mailTo(person.email)).toEqual([]);
    const kits = (await t.app.inject({ url: '/api/kits', headers: bearer(person.accessToken) })).json();
    expect(JSON.stringify(kits)).toContain(String(kit.id));
  });
});

describe('the unsubscribe link (no sign-in)', () => {
  async function tokenOfNewMail() {
    const person = await signedInUser(t.app);
    await dispatchKit(person);
    const [mail] = await mailTo(person.email);
    return { person, token: tokenFromHeader(mail?.headers['List-Unsubscribe']) };
  }

  it("takes a mail client's one-click POST without a session or CSRF token", async () => {
    const { person, token } = await tokenOfNewMail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/email-preferences/one-click?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ category: 'KIT_PROGRESS', subscribed: false });
    expect((await subscribed(person.accessToken)).KIT_PROGRESS).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(emailPreferences)
      .where(and(eq(emailPreferences.userId, person.id), eq(emailPreferences.category, 'KIT_PROGRESS')));
    expect(row?.source).toBe('ONE_CLICK');
    // As multipart/form-data too (RFC 8058 allows either), and a second time changes nothing more.
    const boundary = 'x-boundary';
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/email-preferences/one-click?token=${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(again.statusCode, again.body).toBe(200);
    // From now on no kit progress mail is queued for this person.
    const before = (await mailTo(person.email)).length;
    await dispatchKit(person);
    expect((await mailTo(person.email)).length).toBe(before);
  });

  it('changes nothing on a GET (a link scanner): the one-click address sends a browser to the page that asks', async () => {
    const { person, token } = await tokenOfNewMail();
    const scanned = await t.app.inject({ url: `/api/email-preferences/one-click?token=${token}` });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/email-unsubscribe?token=${token}`);
    const info = await t.app.inject({ url: `/api/email-preferences/unsubscribe?token=${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ category: 'KIT_PROGRESS', subscribed: true });
    expect((await subscribed(person.accessToken)).KIT_PROGRESS).toBe(true);

    // The page's button.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/email-preferences/unsubscribe',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(EMAIL_PREFERENCES_TEXTS.pageDone('Kit progress'));
    expect((await t.app.inject({ url: `/api/email-preferences/unsubscribe?token=${token}` })).json()).toEqual(
      {
        category: 'KIT_PROGRESS',
        subscribed: false,
      },
    );
    expect((await subscribed(person.accessToken)).KIT_PROGRESS).toBe(false);
  });

  it('refuses a forged, expired, foreign or malformed token with one clear message, and changes nothing', async () => {
    const person = await signedInUser(t.app);
    const sign = (
      claims: Record<string, unknown>,
      secret: string,
      expires: string,
      audience = 'email-unsubscribe',
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(new TextEncoder().encode(secret));
    const claims = { sub: person.id, cat: 'KIT_PROGRESS' };
    const bad = {
      forged: await sign(claims, 'x'.repeat(48), '1d'),
      expired: await sign(claims, TEST_JWT_SECRET, '-1m'),
      'another kind of token': await sign(claims, TEST_JWT_SECRET, '1d', 'CUSTOMER'),
      'an unknown category': await sign({ ...claims, cat: 'SPAM' }, TEST_JWT_SECRET, '1d'),
      'a person who is not a uuid': await sign({ ...claims, sub: 'robert' }, TEST_JWT_SECRET, '1d'),
      'a person who does not exist': unsubscribeToken(
        { jwtSecret: TEST_JWT_SECRET },
        '00000000-0000-4000-8000-000000000000',
        'KIT_PROGRESS',
      ),
      'not a token': 'hello',
      'the access token': person.accessToken,
    };
    for (const [what, token] of Object.entries(bad)) {
      for (const res of [
        await t.app.inject({ url: `/api/email-preferences/unsubscribe?token=${encodeURIComponent(token)}` }),
        await t.app.inject({ method: 'POST', url: '/api/email-preferences/unsubscribe', payload: { token } }),
        await t.app.inject({
          method: 'POST',
          url: `/api/email-preferences/one-click?token=${encodeURIComponent(token)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
      ]) {
        expect(res.statusCode, what).toBe(400);
        expect(res.json().message, what).toBe(EMAIL_PREFERENCES_TEXTS.invalidLink);
      }
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/email-preferences/unsubscribe',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(EMAIL_PREFERENCES_TEXTS.missingToken);
    expect(
      await t.database.db.select().from(emailPreferences).where(eq(emailPreferences.userId, person.id)),
    ).toEqual([]);
  });
});
