import { ACCESS_TOKEN_TTL_SECONDS } from '@portal/domain';
import type { FastifyReply } from 'fastify';

/**
 * The page cookie (decision 073): a copy of the session's current access token that the browser sends
 * only when it loads a report page's address (/report, /report/:kitId), so the server can draw the
 * person's report summary into the page before the app's code has run. HttpOnly (no page script reads
 * it), SameSite=Strict (a link from another site or an email opens the page without it), never sent to
 * /api, and it lasts as long as the token (15 minutes): the token's own checks decide, the live-session
 * check among them, so a sign-out anywhere refuses it at once.
 */
export const PAGE_SESSION_COOKIE = 'page_session';
export const PAGE_SESSION_PATH = '/report';

export function setPageSessionCookie(reply: FastifyReply, accessToken: string, secure: boolean): void {
  reply.setCookie(PAGE_SESSION_COOKIE, accessToken, {
    path: PAGE_SESSION_PATH,
    httpOnly: true,
    secure,
    sameSite: 'strict',
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
}

export function clearPageSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(PAGE_SESSION_COOKIE, { path: PAGE_SESSION_PATH });
}
