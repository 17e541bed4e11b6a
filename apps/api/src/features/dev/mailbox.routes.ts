import type { FastifyPluginAsync } from 'fastify';
import { listMail } from '../../adapters/mail/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';

/** The embedded mailbox: every message of the outbox as a page, for development only. */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listMail(app.ctx.db, undefined, 100);
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.sentAt ? 'sent' : 'not sent (no SMTP_URL)'}</p>
<pre>${escapeHtml(m.text)}</pre>
${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}</article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Dev mailbox</title><style>body{font-family:sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Dev mailbox</h1><p>${messages.length} message(s), newest first.</p>${items || '<p>No messages yet.</p>'}</main></body></html>`);
  });
};
