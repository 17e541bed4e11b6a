import { SUPPORT_VIEW_ACCOUNT_CLOSED, SUPPORT_VIEW_READ_ONLY, supportViewsSchema } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { bearer, createTestApp, PASSWORD, signedInUser, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const supportViews = (token: string) =>
  t.app.inject({ url: '/api/users/me/support-views', headers: bearer(token) });

/** A support person named Sam Helper viewing `email`'s portal. */
async function viewAs(email: string) {
  const support = await signedInUser(t.app, {
    authorities: ['IMPERSONATE'],
    firstName: 'Sam',
    lastName: 'Helper',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: bearer(support.accessToken),
    payload: { username: email },
  });
  return { support, token: res.json().access_token as string };
}

describe('GET /api/users/me/support-views (who viewed my data)', () => {
  it('is empty for a person no one from support has viewed', async () => {
    const person = await signedInUser(t.app);
    const res = await supportViews(person.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ views: [], more: false });
  });

  it('lists who looked at what and when, newest first, the refused changes included', async () => {
    const person = await signedInUser(t.app);
    const { token } = await viewAs(person.email);
    const started = Date.now();
    await t.app.inject({ url: '/api/kits', headers: bearer(token) });
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { firstName: 'Changed', version: me.json().version },
    });
    expect(write.json().message).toBe(SUPPORT_VIEW_READ_ONLY);

    const res = await supportViews(person.accessToken);
    expect(res.statusCode).toBe(200);
    const body = supportViewsSchema.parse(res.json());
    expect(body.views.map(({ supportName, what, refused }) => ({ supportName, what, refused }))).toEqual([
      { supportName: 'Sam Helper', what: 'Tried to change something', refused: true },
      { supportName: 'Sam Helper', what: 'Your profile', refused: false },
      { supportName: 'Sam Helper', what: 'Your kits', refused: false },
    ]);
    for (const view of body.views) expect(Date.parse(view.at)).toBeGreaterThanOrEqual(started - 1000);
  });

  it("shows another person only their own list, never this person's", async () => {
    const person = await signedInUser(t.app);
    await t.app.inject({ url: '/api/kits', headers: bearer((await viewAs(person.email)).token) });
    const stranger = await signedInUser(t.app);
    expect((await supportViews(stranger.accessToken)).json()).toEqual({ views: [], more: false });
    expect((await supportViews(person.accessToken)).json().views).toHaveLength(1);
  });

  it('shows the support view the same list, read-only, and that read is listed too', async () => {
    const person = await signedInUser(t.app);
    const { token } = await viewAs(person.email);
    const seen = await supportViews(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().views).toEqual([]);
    const listed = (await supportViews(person.accessToken)).json().views;
    expect(listed.map((view: { what: string }) => view.what)).toEqual(['This list of support views']);
  });

  it('names no one when the support account is gone, and keeps the entry', async () => {
    const person = await signedInUser(t.app);
    const { support, token } = await viewAs(person.email);
    await t.app.inject({ url: '/api/kits', headers: bearer(token) });
    await t.database.db.delete(users).where(eq(users.id, support.id));
    const [view] = (await supportViews(person.accessToken)).json().views;
    expect(view).toMatchObject({ supportName: null, what: 'Your kits' });
  });

  it('ends every support view of a person the moment they close their account', async () => {
    const person = await signedInUser(t.app);
    const first = await viewAs(person.email);
    const second = await viewAs(person.email);
    for (const { token } of [first, second])
      expect((await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/me/closure',
      headers: bearer(person.accessToken),
      payload: { password: PASSWORD, scope: 'EVERYTHING' },
    });
    expect(closed.statusCode, closed.body).toBe(202);
    for (const { token } of [first, second]) {
      const res = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: SUPPORT_VIEW_ACCOUNT_CLOSED });
    }
    // The support person's own account and session are untouched.
    const own = await t.app.inject({ url: '/api/users/me', headers: bearer(first.support.accessToken) });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a request without a token', async () => {
    expect((await t.app.inject({ url: '/api/users/me/support-views' })).statusCode).toBe(401);
  });
});
