import {
  AUTH_MESSAGES,
  ERROR_CODES,
  REFRESH_THRESHOLD_SECONDS,
  readApiError,
  STAFF_ERROR_CODES,
  sessionResponse,
} from '@portal/domain';
import { CLIENT_MESSAGES } from './messages.ts';
import { endSession, getAccessToken, getSessionSnapshot, startSession } from './session.ts';
import {
  endSupportView,
  noteSupportViewRefusal,
  storedSupportView,
  supportViewSnapshot,
} from './support-view.ts';

/** A failed API call, carrying the server's `{message, code, fields}`. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
    /** The failure's whole body, for a route whose refusal says more (a refused answer's progress). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** 'required' refreshes a nearly expired token first; 'ifPresent' sends the token as it is. */
  auth?: 'none' | 'required' | 'ifPresent';
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a payment. */
  headers?: Record<string, string>;
  /** The request outlives the page (an answer saved as the tab closes or reloads). */
  keepalive?: boolean;
};

/** The body as JSON; one that is not JSON reads as undefined, or as its text when `keepText` (a failure's). */
async function readJson(response: Response, keepText = false): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return keepText ? text : undefined;
  }
}

/** The longest plain-text answer shown as the server's message; longer ones are pages, not messages. */
const MAX_TEXT_MESSAGE = 200;

/**
 * The sentence the server sent with a failure (research §8 shows it: "Failed to get kit information:
 * {server message}"): its `message` field, whatever else the body holds, or a short plain-text body.
 */
function serverMessage(payload: unknown): string | undefined {
  if (typeof payload === 'string') {
    const text = payload.trim();
    return text && text.length <= MAX_TEXT_MESSAGE && !text.startsWith('<') ? text : undefined;
  }
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const { message } = payload as { message: unknown };
    return typeof message === 'string' && message.trim() ? message : undefined;
  }
  return undefined;
}

function toApiError(status: number, payload: unknown): ApiError {
  const parsed = readApiError(payload);
  if (parsed) return new ApiError(status, parsed.message, parsed.code, parsed.fields, payload);
  const code = status >= 500 ? ERROR_CODES.internal : 'UNKNOWN';
  return new ApiError(status, serverMessage(payload) ?? CLIENT_MESSAGES.unexpected, code);
}

async function send(path: string, options: RequestOptions, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, CLIENT_MESSAGES.network, 'NETWORK_ERROR');
  }
  const payload = await readJson(response, !response.ok);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    if (error.code === ERROR_CODES.supportViewReadOnly) noteSupportViewRefusal();
    throw error;
  }
  return payload;
}

let inFlightRefresh: Promise<void> | null = null;

/**
 * Trades the refresh cookie for a new access token. Concurrent callers share one request, because
 * the server rotates the refresh token on every use. No session (204: no cookie, or one that no longer
 * opens a session, so a guest page logs no error) or a 401 ends the session; it counts as expired only
 * when someone was signed in. Callers see either as a 401.
 */
export function refreshSession(): Promise<void> {
  inFlightRefresh ??= (async () => {
    // A support view has no refresh token of its own: refreshing now brings the support user's session
    // back, so the view has ended (expired, or its session was signed out), and the app says so.
    if (storedSupportView()) endSupportView({ notice: true });
    try {
      // The cookie's answer carries no refresh token: the new one stays in the HttpOnly cookie.
      const payload = await send('/auth/refresh', { method: 'POST', body: {} });
      if (payload === undefined) {
        throw new ApiError(401, AUTH_MESSAGES.sessionExpired, ERROR_CODES.refreshExpired);
      }
      startSession(sessionResponse.parse(payload));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        endSession(getSessionSnapshot().status === 'signedIn' ? 'expired' : null);
      }
      throw error;
    }
  })().finally(() => {
    inFlightRefresh = null;
  });
  return inFlightRefresh;
}

let restoring: Promise<void> | null = null;

/**
 * Called once at start-up: a support view of this tab carries on where it was (its token is checked on
 * the first request), else a valid refresh cookie signs the user straight back in.
 */
export function restoreSession(now: () => number = Date.now): Promise<void> {
  restoring ??= resume(now());
  return restoring;
}

function resume(now: number): Promise<void> {
  const view = storedSupportView(now);
  if (view) {
    startSession(
      { access_token: view.token, expires_in: (view.expiresAt - now) / 1000, user_id: view.subjectId },
      now,
    );
    return Promise.resolve();
  }
  return refreshSession().catch(() => {
    if (getSessionSnapshot().status === 'restoring') endSession(null);
  });
}

/** The access token, refreshed first when it expires within REFRESH_THRESHOLD_SECONDS. */
export async function freshAccessToken(now: () => number = Date.now): Promise<string> {
  const current = getAccessToken();
  if (!current || current.expiresAt - now() <= REFRESH_THRESHOLD_SECONDS * 1000) {
    const inSupportView = supportViewSnapshot().view !== null;
    await refreshSession();
    // A request of a support view that just ended is never sent as the support user.
    if (inSupportView) throw new ApiError(401, AUTH_MESSAGES.sessionExpired, ERROR_CODES.unauthorized);
  }
  const token = getAccessToken()?.token;
  if (!token) throw new ApiError(401, AUTH_MESSAGES.sessionExpired, ERROR_CODES.unauthorized);
  return token;
}

async function sendAuthenticated(path: string, options: RequestOptions): Promise<unknown> {
  const token = await freshAccessToken();
  try {
    return await send(path, options, token);
  } catch (error) {
    // The server can reject a token before its expiry (revoked, new signing key); one refresh decides.
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // A console session ended for the person (issue 34 item 15): signed out, and told why.
    if (error.code === STAFF_ERROR_CODES.sessionEnded) {
      endSession('ended', error.message);
      throw error;
    }
    const inSupportView = supportViewSnapshot().view !== null;
    await refreshSession();
    if (inSupportView) throw error;
    return send(path, options, await freshAccessToken());
  }
}

/**
 * Calls the JSON API under /api and, given a schema, checks the answer's shape with the schema's own
 * `parse`: zod's schemas (classic and mini) have one, and so do the readers the sign-in page uses
 * (@portal/domain's auth-session.ts), so the shell itself imports no zod: /login's first load carries
 * none (120 KB budget, decision 034).
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: { parse: (data: unknown) => T },
): Promise<T> {
  const auth = options.auth ?? 'none';
  const data =
    auth === 'required'
      ? await sendAuthenticated(path, options)
      : await send(path, options, auth === 'ifPresent' ? getAccessToken()?.token : undefined);
  return schema ? schema.parse(data) : (data as T);
}
