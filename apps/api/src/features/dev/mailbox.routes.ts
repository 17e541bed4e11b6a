import crypto from 'node:crypto';
import { ERROR_CODES } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMail } from '../../adapters/mail/outbox.ts';
import { listTexts } from '../../adapters/sms/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { safeEqual } from '../../lib/secrets.ts';

const COOKIE = 'dev_mailbox';
const LOCKED =
  'The mailbox needs the operator key: open the mailbox link the server printed when it started, ' +
  'or read the outbox with `npm run ops -- mail:list`.';

/**
 * The key of the mailbox link the server prints at start: derived from the operator key, so the link
 * (which lands in a terminal, a log, a browser's history) opens the mailbox and not the admin API.
 */
export const mailboxKey = (opsKey: string) =>
  crypto.createHmac('sha256', opsKey).update('dev-mailbox').digest('base64url');

export const mailboxLink = (publicUrl: string, opsKey: string) =>
  `${publicUrl}/dev/mailbox?key=${mailboxKey(opsKey)}`;

/**
 * The embedded mailbox: every message of the outbox as a page, for development only (never registered
 * in production). The outbox holds password-reset and verification links, so the page opens only to
 * the holder of the operator key: the link the server prints (`?key=`) sets an HttpOnly cookie and
 * redirects to the bare address, so the key does not stay in the address bar or the history.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const key = mailboxKey(ctx.opsKey);
  const publicUrl = new URL(ctx.config.publicUrl);
  const secure = publicUrl.protocol === 'https:' || publicUrl.hostname === 'localhost';
  /** The mailbox key or the operator key itself. */
  const opens = (presented: unknown) =>
    typeof presented === 'string' && (safeEqual(presented, key) || safeEqual(presented, ctx.opsKey));
  const locked = { message: LOCKED, code: ERROR_CODES.unauthorized };

  app.get(
    '/mailbox',
    { schema: { hide: true, querystring: z.object({ key: z.string().max(200).optional() }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.query.key !== undefined) {
        if (!opens(request.query.key)) return reply.code(401).send(locked);
        reply.setCookie(COOKIE, key, { path: '/dev', httpOnly: true, secure, sameSite: 'strict' });
        return reply.redirect('/dev/mailbox', 303);
      }
      if (!opens(request.cookies[COOKIE]) && !opens(request.headers['x-ops-key']))
        return reply.code(401).send(locked);
      const messages = await listMail(ctx.db, undefined, 100);
      // Texts (issue 35 item 4): without Twilio keys they stay in the SMS outbox and are read here.
      const texts = await listTexts(ctx.db, 50);
      const textItems = texts
        .map(
          (t) => `<article><h3>Text to ${escapeHtml(t.to)}</h3>
<p class="meta">${t.createdAt.toISOString()} · ${escapeHtml(t.kind)} · ${t.sentAt ? 'sent' : t.sendAfter > new Date() ? `due ${t.sendAfter.toISOString()} (quiet hours)` : 'not sent (no Twilio keys)'}</p>
<pre>${escapeHtml(t.body)}</pre></article>`,
        )
        .join('\n');
      const items = messages
        .map(
          (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.sentAt ? 'sent' : 'not sent (no SMTP_URL)'}${m.category ? ` · ${escapeHtml(m.category)}` : ''}</p>
${Object.entries(m.headers)
  .map(([name, value]) => `<p class="meta">${escapeHtml(name)}: ${escapeHtml(value)}</p>`)
  .join('')}
<pre>${escapeHtml(m.text)}</pre>
${m.attachments
  .map(
    (a) =>
      `<details><summary>Attachment: ${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</summary><pre>${escapeHtml(a.content)}</pre></details>`,
  )
  .join('')}
${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}</article>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Dev mailbox</title><style>body{font-family:sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Dev mailbox</h1><p>${messages.length} message(s), newest first.</p>${items || '<p>No messages yet.</p>'}
<section aria-labelledby="texts"><h2 id="texts">Texts</h2><p>${texts.length} text(s), newest first.</p>${textItems || '<p>No texts yet.</p>'}</section></main></body></html>`);
    },
  );
};
