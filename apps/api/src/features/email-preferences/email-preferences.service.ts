import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_DEFAULTS,
  EMAIL_CATEGORY_TEXT,
  EMAIL_PREFERENCES_TEXTS,
  type EmailCategory,
  type EmailPreferences,
  type EmailPreferencesUpdate,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { UNSUBSCRIBE_TOKEN } from '../../adapters/mail/category-mail.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailPreferences, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import { verifyToken } from '../../lib/jwt.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a choice was made: in My Profile, on the unsubscribe page, or by a mail client's one-click POST. */
export type PreferenceSource = 'PROFILE' | 'LINK' | 'ONE_CLICK';

/** Every category with the person's choice, or its default while they have not chosen. */
export async function listEmailPreferences(db: DbOrTx, userId: string): Promise<EmailPreferences> {
  const rows = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.category, row]));
  return {
    preferences: EMAIL_CATEGORIES.map((category) => {
      const row = chosen.get(category);
      return {
        category,
        subscribed: row ? row.subscribed : EMAIL_CATEGORY_DEFAULTS[category],
        updatedAt: row ? row.updatedAt.toISOString() : null,
      };
    }),
  };
}

async function setPreference(
  db: DbOrTx,
  userId: string,
  category: EmailCategory,
  subscribed: boolean,
  source: PreferenceSource,
) {
  await db
    .insert(emailPreferences)
    .values({ userId, category, subscribed, source })
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.category],
      set: { subscribed, source, updatedAt: sql`now()` },
    });
}

/** PUT /api/me/email-preferences: the categories named change, the others stay as they are. */
export async function updateEmailPreferences(ctx: AppContext, userId: string, input: EmailPreferencesUpdate) {
  return ctx.db.transaction(async (tx) => {
    for (const category of EMAIL_CATEGORIES) {
      const subscribed = input[category];
      if (subscribed !== undefined) await setPreference(tx, userId, category, subscribed, 'PROFILE');
    }
    return listEmailPreferences(tx, userId);
  });
}

/**
 * The person and category an unsubscribe token names. A token that is forged, expired, of another kind,
 * names an unknown category or an account that is gone gets the same answer, with nothing changed.
 */
async function unsubscribeTarget(ctx: AppContext, token: string | undefined) {
  if (!token) throw invalid(EMAIL_PREFERENCES_TEXTS.missingToken);
  let userId: unknown;
  let category: unknown;
  try {
    ({ sub: userId, cat: category } = verifyToken(ctx.jwtSecret, UNSUBSCRIBE_TOKEN.audience, token));
  } catch {
    throw invalid(EMAIL_PREFERENCES_TEXTS.invalidLink);
  }
  if (
    typeof userId !== 'string' ||
    !UUID.test(userId) ||
    !EMAIL_CATEGORIES.includes(category as EmailCategory)
  )
    throw invalid(EMAIL_PREFERENCES_TEXTS.invalidLink);
  const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!person) throw invalid(EMAIL_PREFERENCES_TEXTS.invalidLink);
  return { userId: person.id, category: category as EmailCategory };
}

/** What the unsubscribe page shows before the person confirms. Changes nothing (a GET). */
export async function unsubscribeInfo(ctx: AppContext, token: string | undefined) {
  const { userId, category } = await unsubscribeTarget(ctx, token);
  const { preferences } = await listEmailPreferences(ctx.db, userId);
  const subscribed = preferences.find((p) => p.category === category)?.subscribed ?? false;
  return { category, subscribed };
}

/** Switches the token's category off: from the unsubscribe page, or a mail client's one-click POST. */
export async function unsubscribe(ctx: AppContext, token: string | undefined, source: PreferenceSource) {
  const { userId, category } = await unsubscribeTarget(ctx, token);
  await setPreference(ctx.db, userId, category, false, source);
  return {
    category,
    subscribed: false as const,
    message: EMAIL_PREFERENCES_TEXTS.pageDone(EMAIL_CATEGORY_TEXT[category].label),
  };
}
