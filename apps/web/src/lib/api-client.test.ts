import { ERROR_CODES, REFRESH_THRESHOLD_SECONDS, STAFF_ERROR_CODES, STAFF_MESSAGES } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, restoreSession } from './api-client.ts';
import { endSession, getAccessToken, getSessionSnapshot, startSession } from './session.ts';

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function tokens(accessToken: string, expiresIn = 900) {
  return { access_token: accessToken, refresh_token: 'opaque', expires_in: expiresIn, user_id: 'u1' };
}

/** The server's answer to a refresh through the cookie: no refresh token in the body. */
function refreshed(accessToken: string, expiresIn = 900) {
  return { access_token: accessToken, expires_in: expiresIn, user_id: 'u1' };
}

/** A fetch stand-in that answers the refresh call and echoes the bearer token elsewhere. */
function mockServer(refresh: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/auth/refresh') return refresh();
    const auth = (init.headers as Record<string, string>).Authorization ?? null;
    return json(200, { auth });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockServer>, url: string) =>
  fetchMock.mock.calls.filter(([called]) => called === url);

describe('api client', () => {
  beforeEach(() => endSession(null));

  it('sends a token that is far from expiry as it is', async () => {
    const fetchMock = mockServer(() => json(200, refreshed('new')));
    startSession(tokens('current', REFRESH_THRESHOLD_SECONDS + 60));
    await expect(apiRequest('/users/me', { auth: 'required' })).resolves.toEqual({ auth: 'Bearer current' });
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(0);
  });

  it('refreshes first when the token expires within the threshold', async () => {
    const fetchMock = mockServer(() => json(200, refreshed('fresh')));
    startSession(tokens('stale', REFRESH_THRESHOLD_SECONDS - 1));
    await expect(apiRequest('/users/me', { auth: 'required' })).resolves.toEqual({ auth: 'Bearer fresh' });
    const [refresh] = calls(fetchMock, '/api/auth/refresh');
    expect(refresh?.[1]).toMatchObject({ method: 'POST', body: '{}', credentials: 'same-origin' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/users/me']);
  });

  it('shares one refresh between concurrent callers', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    startSession(tokens('stale', 10));
    const requests = Promise.all([
      apiRequest('/a', { auth: 'required' }),
      apiRequest('/b', { auth: 'required' }),
      apiRequest('/c', { auth: 'required' }),
    ]);
    await vi.waitFor(() => expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1));
    answer(json(200, refreshed('fresh')));
    await expect(requests).resolves.toEqual([
      { auth: 'Bearer fresh' },
      { auth: 'Bearer fresh' },
      { auth: 'Bearer fresh' },
    ]);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session as expired when the refresh token is refused', async () => {
    mockServer(() => json(401, { message: 'Session expired', code: ERROR_CODES.refreshExpired }));
    startSession(tokens('stale', 10));
    await expect(apiRequest('/users/me', { auth: 'required' })).rejects.toMatchObject({
      status: 401,
      code: ERROR_CODES.refreshExpired,
    });
    expect(getSessionSnapshot()).toEqual({
      status: 'signedOut',
      userId: null,
      endReason: 'expired',
      actorId: null,
    });
    expect(getAccessToken()).toBeNull();
  });

  it('ends a console session an administrator ended at once, with their words, without a refresh', async () => {
    const message = STAFF_MESSAGES.signedOutByAdmin;
    const fetchMock = vi.fn(async (_url: string) =>
      json(401, { message, code: STAFF_ERROR_CODES.sessionEnded }),
    );
    vi.stubGlobal('fetch', fetchMock);
    startSession(tokens('live'));
    await expect(apiRequest('/staff/kits', { auth: 'required' })).rejects.toMatchObject({
      status: 401,
      code: STAFF_ERROR_CODES.sessionEnded,
    });
    expect(getSessionSnapshot()).toMatchObject({
      status: 'signedOut',
      endReason: 'ended',
      endMessage: message,
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/staff/kits']);
  });

  it('ends the session as expired when the refresh finds no session any more (204)', async () => {
    mockServer(() => new Response(null, { status: 204 }));
    startSession(tokens('stale', 10));
    await expect(apiRequest('/users/me', { auth: 'required' })).rejects.toMatchObject({
      status: 401,
      code: ERROR_CODES.refreshExpired,
    });
    expect(getSessionSnapshot()).toMatchObject({ status: 'signedOut', endReason: 'expired' });
  });

  it('turns an error answer into an ApiError with the server message, code and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { message: 'Check the form', code: ERROR_CODES.validation, fields: { email: 'Taken' } }),
      ),
    );
    const failure = await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Check the form',
      code: ERROR_CODES.validation,
      fields: { email: 'Taken' },
    });
  });

  it('restores a session from the refresh cookie once at start-up, silently when there is none', async () => {
    // No session is a 204, not an error a guest page's console would log (issue 33 item 24).
    const fetchMock = mockServer(() => new Response(null, { status: 204 }));
    await Promise.all([restoreSession(), restoreSession()]);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(getSessionSnapshot()).toEqual({
      status: 'signedOut',
      userId: null,
      endReason: null,
      actorId: null,
    });
  });
});
