import { ERROR_CODES, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SUPPORT = '6f1c2d3e-0000-4000-8000-000000000001';
const PERSON = '6f1c2d3e-0000-4000-8000-000000000002';

/** An unsigned token with the given claims; the browser reads claims, the server checks signatures. */
const token = (claims: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/=+$/, ''), 'sig'].join('.');
const viewToken = token({ sub: PERSON, act: SUPPORT });

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A page load: the modules start afresh, as after a full reload; sessionStorage survives it. */
async function load() {
  vi.resetModules();
  const client = await import('./api-client.ts');
  const session = await import('./session.ts');
  const view = await import('./support-view.ts');
  return { client, session, view };
}

/** The server: the refresh cookie is the support user's; other calls answer as `answer` says. */
function server(answer: (auth: string | null) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/auth/refresh')
      return json(200, { access_token: token({ sub: SUPPORT }), expires_in: 900, user_id: SUPPORT });
    return answer((init.headers as Record<string, string>).Authorization ?? null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function startView(now = Date.now()) {
  const { view } = await load();
  view.beginSupportView({
    token: viewToken,
    expiresAt: now + 3600_000,
    subjectId: PERSON,
    actorId: SUPPORT,
    username: 'priya@example.com',
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('support view across a reload', () => {
  it('carries on after a full page reload, without falling back to the support account', async () => {
    await startView();
    const fetchMock = server((auth) => json(200, { auth }));
    const { client, session, view } = await load();
    await client.restoreSession();
    expect(session.getSessionSnapshot()).toMatchObject({
      status: 'signedIn',
      userId: PERSON,
      actorId: SUPPORT,
    });
    await expect(client.apiRequest('/users/me', { auth: 'required' })).resolves.toEqual({
      auth: `Bearer ${viewToken}`,
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/me']);
    expect(view.supportViewSnapshot()).toMatchObject({ endedNotice: false, refused: false });
  });

  it('ends with a notice when the view has expired by the time the page loads', async () => {
    await startView(Date.now() - 3601_000);
    server((auth) => json(200, { auth }));
    const { client, session, view } = await load();
    await client.restoreSession();
    expect(session.getSessionSnapshot()).toMatchObject({ userId: SUPPORT, actorId: null });
    expect(view.storedSupportView()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(view.supportViewSnapshot()).toMatchObject({ endedNotice: true });
  });

  it('ends with a notice when the server refuses the view (the support user signed out elsewhere)', async () => {
    await startView();
    const fetchMock = server((auth) =>
      auth === `Bearer ${viewToken}` ? json(401, { message: 'x', code: 'UNAUTHORIZED' }) : json(200),
    );
    const { client, session, view } = await load();
    await client.restoreSession();
    // The person's request is not sent again as the support user.
    await expect(client.apiRequest('/users/me', { auth: 'required' })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/me', '/api/auth/refresh']);
    expect(session.getSessionSnapshot()).toMatchObject({ userId: SUPPORT, actorId: null });
    expect(view.supportViewSnapshot()).toMatchObject({ view: null, endedNotice: true });
  });

  it('notes a write the server refused as read-only, for the banner to say so', async () => {
    await startView();
    server(() => json(403, { message: SUPPORT_VIEW_READ_ONLY, code: ERROR_CODES.supportViewReadOnly }));
    const { client, view } = await load();
    await client.restoreSession();
    await expect(
      client.apiRequest('/users/me', { method: 'PUT', auth: 'required', body: {} }),
    ).rejects.toThrow(SUPPORT_VIEW_READ_ONLY);
    expect(view.supportViewSnapshot()).toMatchObject({ refused: true });
  });

  it('is forgotten on sign-out', async () => {
    await startView();
    const { session } = await load();
    session.endSession('loggedOut');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps where "Return to my account" leads across a reload: the console page it came from, else /support', async () => {
    const { view } = await load();
    const opened = {
      token: viewToken,
      expiresAt: Date.now() + 3600_000,
      subjectId: PERSON,
      actorId: SUPPORT,
      username: 'priya@example.com',
    };
    view.beginSupportView({ ...opened, returnTo: `/staff/people/${PERSON}` });
    const reloaded = (await load()).view;
    const kept = reloaded.storedSupportView();
    expect(kept).toMatchObject({ returnTo: `/staff/people/${PERSON}` });
    expect(kept && reloaded.returnPathOf(kept)).toBe(`/staff/people/${PERSON}`);
    expect(reloaded.returnPathOf(opened)).toBe('/support');
    // Never another site, whatever the storage holds.
    expect(reloaded.returnPathOf({ ...opened, returnTo: '//evil.example/x' })).toBe('/support');
    sessionStorage.setItem(
      'portal.supportView',
      JSON.stringify({ ...opened, returnTo: 'https://evil.example' }),
    );
    expect((await load()).view.storedSupportView()).toBeNull();
  });
});
