import { EMAIL_CATEGORY_DEFAULTS, EMAIL_CATEGORY_TEXT, type EmailCategory } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { emailPreferences } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { signToken, type TokenKind } from '../../lib/jwt.ts';
import { type MailKind, type MailMessage, type QueuedMail, queueMail } from './outbox.ts';
import type { Unsubscribe } from './templates.ts';

/**
 * Non-transactional email (issue 23, design.md §10): each message belongs to a category the person may
 * switch off. A message of a category switched off is never written to the outbox; every other one
 * carries a one-click unsubscribe link for its category, in its footer and in the RFC 8058 headers
 * (List-Unsubscribe with an HTTPS address, List-Unsubscribe-Post: List-Unsubscribe=One-Click), so a mail
 * client can unsubscribe without the person signing in. Transactional mail goes through queueMail and
 * carries neither.
 */

/** The unsubscribe token: who and which category, signed with the server's secret, for a year. */
export const UNSUBSCRIBE_TOKEN: TokenKind = { audience: 'email-unsubscribe', ttlSeconds: 365 * 86400 };

export function unsubscribeToken(
  ctx: Pick<AppContext, 'jwtSecret'>,
  userId: string,
  category: EmailCategory,
) {
  return signToken(ctx.jwtSecret, UNSUBSCRIBE_TOKEN, { sub: userId, cat: category });
}

/** The page that asks the person to confirm (a GET never changes anything: link scanners open links). */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/email-unsubscribe?token=${encodeURIComponent(token)}`;
/** The address of List-Unsubscribe, where a mail client POSTs List-Unsubscribe=One-Click. */
export const oneClickUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/email-preferences/one-click?token=${encodeURIComponent(token)}`;

/** Whether the person gets this category: their choice, or the category's default. */
export async function receivesCategory(db: DbOrTx, userId: string, category: EmailCategory) {
  const [row] = await db
    .select({ subscribed: emailPreferences.subscribed })
    .from(emailPreferences)
    .where(and(eq(emailPreferences.userId, userId), eq(emailPreferences.category, category)));
  return row ? row.subscribed : EMAIL_CATEGORY_DEFAULTS[category];
}

/**
 * Writes a message of `category` to the outbox, with its unsubscribe link and headers, unless the
 * person has switched the category off. `build` composes the message around the unsubscribe line.
 * Returns the queued message, or null when the person has switched the category off.
 */
export async function enqueueCategoryMail(
  db: Tx,
  ctx: Pick<AppContext, 'jwtSecret' | 'mail' | 'jobs'>,
  recipient: { userId: string; category: EmailCategory },
  build: (unsubscribe: Unsubscribe) => MailMessage,
  kind: MailKind = 'kit-progress',
): Promise<QueuedMail | null> {
  const { userId, category } = recipient;
  if (!(await receivesCategory(db, userId, category))) return null;
  const token = unsubscribeToken(ctx, userId, category);
  const message = build({
    label: EMAIL_CATEGORY_TEXT[category].label,
    url: unsubscribePageUrl(ctx.mail.publicUrl, token),
  });
  return queueMail(ctx, db, kind, {
    ...message,
    category,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(ctx.mail.publicUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
