import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  HANDOVER_CATCH_UP_DAYS,
  HANDOVER_GRACE_DAYS,
  HANDOVER_MAIL,
  HANDOVER_PROMPT_TEXTS,
  HANDOVER_TEXTS,
  type Handover,
  type HandoverKind,
  type MyHandover,
  PORTAL_TIME_ZONE,
} from '@portal/domain';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { compose } from '../../adapters/mail/templates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountHandovers, consentResponses, consents, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { hashPassword, revokeAllSessions } from '../auth/index.ts';
import { notify, notifyAddress } from '../notifications/index.ts';
import { htmlToText, pendingReconsent } from './ledger.service.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Today's date (YYYY-MM-DD) in the portal's time zone: a birthday is a day there. */
export function portalToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE }).format(now);
}

/**
 * The daily job (issue 36 item 3): every account whose holder is 18 by `today` and has no handover yet
 * (a minor's own account, or a guardian's account for a child) gets one. A minor's own account stops
 * being under age that day (its flag is cleared: the rules of consumer §4 follow the date of birth). The
 * account's address gets the handover link, and for a guardian account, the guardian is told their
 * access ends at the handover. Runs any number of times a day: an account is started once.
 *
 * Only birthdays from HANDOVER_CATCH_UP_DAYS before `today` on are started (decision 062): the
 * job's first run does not start handovers for every adult who was a minor or had a guardian account
 * before it existed (their stale under-age flags are cleared once, by docs/wt-migrations/kitwas.sql).
 * `email` starts that one account's handover whatever its birthday (the operator's `handover:start`, on
 * request).
 */
export async function startHandovers(ctx: AppContext, today = portalToday(), only?: { email: string }) {
  const since = sql`${today}::date - ${HANDOVER_CATCH_UP_DAYS}::int`;
  const due = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      guardian: users.guardian,
      turns18On: sql<string>`to_char(${users.dateOfBirth} + interval '18 years', 'YYYY-MM-DD')`,
    })
    .from(users)
    .leftJoin(accountHandovers, eq(accountHandovers.userId, users.id))
    .where(
      and(
        isNull(accountHandovers.id),
        // On request, also a minor's own account whose stale flag was cleared: opened before the 18th birthday.
        only
          ? sql`(${users.underAge} or ${users.guardian} or ${users.dateOfBirth} + interval '18 years' > ${users.createdAt})`
          : sql`(${users.underAge} or ${users.guardian})`,
        sql`${users.dateOfBirth} is not null`,
        sql`${users.dateOfBirth} + interval '18 years' <= ${today}::date`,
        only ? eq(users.email, only.email) : sql`${users.dateOfBirth} + interval '18 years' >= ${since}`,
      ),
    );
  let started = 0;
  for (const person of due) {
    const token = randomBytes(32).toString('base64url');
    const kind: HandoverKind = person.guardian ? 'GUARDIAN' : 'MINOR';
    await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(accountHandovers)
        .values({
          userId: person.id,
          kind,
          turns18On: person.turns18On,
          tokenHash: sha256(token),
          formerEmail: person.email,
        })
        .onConflictDoNothing()
        .returning({ id: accountHandovers.id });
      if (inserted.length === 0) return;
      if (kind === 'MINOR')
        await tx.update(users).set({ underAge: false, updatedAt: sql`now()` }).where(eq(users.id, person.id));
      const link = `${ctx.mail.publicUrl}/handover#${token}`;
      // Notifications (issue 35): the account's inbox and its email; the link's token is in the email only.
      await notify(ctx, tx, person.id, {
        kind: 'handover-young-adult',
        firstName: person.firstName,
        link,
      });
      if (kind === 'GUARDIAN')
        await notify(ctx, tx, person.id, { kind: 'handover-guardian', firstName: person.firstName });
      started += 1;
    });
  }
  return { started };
}

/**
 * The signed-in person's open handover (the prompt "at next sign-in"): on a minor's own account the holder
 * is the young adult, asked to take over; on a guardian account the holder is the guardian, told that the
 * handover is offered to their child.
 */
export async function myHandover(db: DbOrTx, userId: string): Promise<MyHandover> {
  const [row] = await db
    .select({
      kind: accountHandovers.kind,
      turns18On: accountHandovers.turns18On,
      firstName: users.firstName,
    })
    .from(accountHandovers)
    .innerJoin(users, eq(users.id, accountHandovers.userId))
    .where(and(eq(accountHandovers.userId, userId), isNull(accountHandovers.completedAt)));
  return {
    handover: row
      ? { kind: row.kind as HandoverKind, firstName: row.firstName, turns18On: row.turns18On }
      : null,
  };
}

/** What the portal asks at sign-in: a re-consent, a turning-18 handover (GET /api/users/me). */
export async function signInPrompts(db: DbOrTx, userId: string) {
  const [reconsent, { handover }] = await Promise.all([pendingReconsent(db, userId), myHandover(db, userId)]);
  return { reconsentPending: reconsent.length > 0, handoverOpen: handover !== null };
}

/**
 * "Take over" from the sign-in prompt: a fresh handover link goes to the account's email, through the
 * same mail the daily job sends. This is the safe choice over continuing /handover inside the signed-in
 * session: a session proves only that someone knows the password (on a minor's own account, often the
 * parent who set it up) or holds a token (a support view, a stolen tab), while the link proves the
 * mailbox, as the daily job's does, and its token never reaches the browser through the API. Only the
 * hash is kept, so the fresh token replaces the earlier one (an old link stops working) and the steps
 * begun with it start again. A guardian account is refused: the child, not the guardian, takes over.
 */
export async function sendHandoverLink(ctx: AppContext, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: accountHandovers.id,
        kind: accountHandovers.kind,
        email: users.email,
        firstName: users.firstName,
      })
      .from(accountHandovers)
      .innerJoin(users, eq(users.id, accountHandovers.userId))
      .where(and(eq(accountHandovers.userId, userId), isNull(accountHandovers.completedAt)))
      .for('update');
    if (!row) throw notFound(HANDOVER_PROMPT_TEXTS.none);
    if (row.kind !== 'MINOR') throw conflict(HANDOVER_PROMPT_TEXTS.guardianOnly);
    const token = randomBytes(32).toString('base64url');
    await tx
      .update(accountHandovers)
      .set({
        tokenHash: sha256(token),
        newEmail: null,
        newPasswordHash: null,
        codeHash: null,
        agreedConsentIds: null,
      })
      .where(eq(accountHandovers.id, row.id));
    await notify(ctx, tx, userId, {
      kind: 'handover-young-adult',
      firstName: row.firstName,
      link: `${ctx.mail.publicUrl}/handover#${token}`,
    });
    return { message: HANDOVER_PROMPT_TEXTS.sent };
  });
}

async function openHandover(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(accountHandovers)
    .where(and(eq(accountHandovers.tokenHash, sha256(token)), isNull(accountHandovers.completedAt)));
  if (!row) throw notFound(HANDOVER_TEXTS.notFound);
  return row;
}

/**
 * The consents that rest on the guardian: on a guardian account, those whose latest answer is the
 * guardian's agreement; on a minor's own account, those agreed before the 18th birthday (under the
 * parent's consent). The young adult may agree to each in their own name.
 */
async function guardianConsents(db: DbOrTx, userId: string, turns18On: string) {
  const rows = await db
    .select({
      consentId: consentResponses.consentId,
      consented: consentResponses.consented,
      withdrawal: consentResponses.withdrawal,
      actor: consentResponses.actor,
      title: consents.title,
      version: consents.version,
      html: consents.htmlContent,
      before18: sql<boolean>`${consentResponses.createdAt}::date < ${turns18On}::date`,
    })
    .from(consentResponses)
    .innerJoin(consents, eq(consents.id, consentResponses.consentId))
    .where(eq(consentResponses.consenterId, userId))
    .orderBy(desc(consentResponses.createdAt), desc(consentResponses.id));
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.consentId)) latest.set(row.consentId, row);
  return [...latest.values()]
    .filter((r) => r.consented && !r.withdrawal && (r.actor === 'GUARDIAN' || r.before18))
    .map((r) => ({ consentId: r.consentId, title: r.title, version: r.version, text: htmlToText(r.html) }));
}

/** What the handover page shows: whose account, and the consents the guardian gave. */
export async function readHandover(db: DbOrTx, token: string): Promise<Handover> {
  const row = await openHandover(db, token);
  const [user] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, row.userId));
  if (!user) throw notFound(HANDOVER_TEXTS.notFound);
  return {
    firstName: user.firstName,
    kind: row.kind as HandoverKind,
    turns18On: row.turns18On,
    consents: await guardianConsents(db, row.userId, row.turns18On),
    awaitingCode: row.codeHash !== null,
  };
}

/** Step one: the young adult's own email and password, and their answers; a code goes to that email. */
export async function submitHandover(
  ctx: AppContext,
  token: string,
  input: { email: string; password: string; agreedConsentIds: number[] },
) {
  const row = await openHandover(ctx.db, token);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, row.userId)));
  if (taken) throw conflict(HANDOVER_TEXTS.emailTaken);
  const offered = new Set(
    (await guardianConsents(ctx.db, row.userId, row.turns18On)).map((c) => c.consentId),
  );
  const agreed = [...new Set(input.agreedConsentIds)];
  if (agreed.some((id) => !offered.has(id))) throw invalid('Please answer only the consents shown.');
  const passwordHash = await hashPassword(input.password);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(accountHandovers)
      .set({
        newEmail: input.email,
        newPasswordHash: passwordHash,
        codeHash: sha256(`${row.id}:${code}`),
        agreedConsentIds: agreed,
      })
      .where(eq(accountHandovers.id, row.id));
    await queueMail(
      ctx,
      tx,
      'handover-code',
      compose(ctx.mail, input.email, HANDOVER_MAIL.codeSubject, HANDOVER_MAIL.code(code)),
    );
  });
  return { message: HANDOVER_TEXTS.codeSent(input.email) };
}

/**
 * Step two: the code confirms the email, and the account is the young adult's: their email (verified)
 * and password, not under age, no longer a guardian account; every session ends (the guardian's access
 * with it); their agreements are recorded in their own name, through the handover page. The former
 * address (the guardian's, for a guardian account) is told.
 */
export async function confirmHandover(ctx: AppContext, token: string, code: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await openHandover(tx, token);
    if (
      !row.codeHash ||
      !row.newEmail ||
      !row.newPasswordHash ||
      row.codeHash !== sha256(`${row.id}:${code}`)
    )
      throw invalid(HANDOVER_TEXTS.wrongCode, { code: HANDOVER_TEXTS.wrongCode });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, row.newEmail), ne(users.id, row.userId)));
    if (taken) throw conflict(HANDOVER_TEXTS.emailTaken);
    const [user] = await tx
      .update(users)
      .set({
        email: row.newEmail,
        passwordHash: row.newPasswordHash,
        emailVerifiedAt: sql`now()`,
        underAge: false,
        guardian: false,
        guardianFirstName: null,
        guardianLastName: null,
        updatedAt: sql`now()`,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, row.userId))
      .returning({ firstName: users.firstName });
    for (const consentId of row.agreedConsentIds ?? []) {
      const [consent] = await tx.select().from(consents).where(eq(consents.id, consentId));
      if (!consent) continue;
      await tx.insert(consentResponses).values({
        consentId,
        consenterType: 'USER',
        consenterId: row.userId,
        consented: true,
        consentVersion: consent.version,
        actor: 'SELF',
        page: 'HANDOVER',
      });
      if (consent.userField === 'agree_to_data_usage')
        await tx.update(users).set({ agreeToDataUsage: true }).where(eq(users.id, row.userId));
    }
    await revokeAllSessions(tx, row.userId);
    await tx.update(accountHandovers).set({ completedAt: sql`now()` }).where(eq(accountHandovers.id, row.id));
    const firstName = user?.firstName ?? '';
    if (row.formerEmail !== row.newEmail)
      // The former address is no longer the account's: an email-only notification (decision 058).
      await notifyAddress(
        ctx,
        tx,
        { email: row.formerEmail, firstName: null },
        { kind: 'handover-ended', firstName },
      );
    return { message: HANDOVER_TEXTS.done };
  });
}

/**
 * Whether research use resting on the guardian's consent is paused: the handover is not done, 30 days
 * have passed since the 18th birthday, and the young adult has not agreed in their own name since.
 */
export async function handoverPaused(db: DbOrTx, userId: string, today = portalToday()): Promise<boolean> {
  const [row] = await db
    .select({ turns18On: accountHandovers.turns18On, completedAt: accountHandovers.completedAt })
    .from(accountHandovers)
    .where(eq(accountHandovers.userId, userId));
  if (!row || row.completedAt) return false;
  const [y, m, d] = row.turns18On.split('-').map(Number) as [number, number, number];
  const pauseFrom = new Date(Date.UTC(y, m - 1, d + HANDOVER_GRACE_DAYS)).toISOString().slice(0, 10);
  if (today < pauseFrom) return false;
  // Agreement in their own name to the data-usage consent after the birthday keeps research use on.
  const [own] = await db
    .select({ id: consentResponses.id })
    .from(consentResponses)
    .innerJoin(consents, eq(consents.id, consentResponses.consentId))
    .where(
      and(
        eq(consentResponses.consenterId, userId),
        eq(consentResponses.actor, 'SELF'),
        eq(consentResponses.consented, true),
        eq(consents.userField, 'agree_to_data_usage'),
        sql`${consentResponses.createdAt}::date >= ${row.turns18On}::date`,
      ),
    )
    .limit(1);
  return !own;
}
