import {
  type CreatedShare,
  type CreateShareInput,
  canViewReports,
  isUnderAge,
  kitDisplayName,
  type Practitioner,
  REPORT_NOT_PERMITTED,
  SHARE_ERROR_CODES,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type SharedPayload,
  type ShareListItem,
  type ShareStatus,
} from '@portal/domain';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { reportPdfOffThread } from '../../adapters/pdf/pdf-pool.ts';
import {
  closureRequests,
  kits,
  referralCodes,
  reportShares,
  reportShareViews,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { notify, notifyAddress } from '../notifications/index.ts';
import { metaOf, ownReport } from './reports.service.ts';
import { encryptPayload, newPin, newShareId, pinHash, pinMatches } from './share-crypto.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The practitioners a person may send a link to: those whose referral code their account or a kit carries, with an email on file. */
export async function listPractitioners(ctx: AppContext, userId: string): Promise<Practitioner[]> {
  const rows = await ctx.db
    .select({
      code: referralCodes.code,
      firstName: referralCodes.firstName,
      lastName: referralCodes.lastName,
    })
    .from(referralCodes)
    .where(
      and(
        eq(referralCodes.active, true),
        isNotNull(referralCodes.email),
        or(
          sql`${referralCodes.code} = (select ${users.referralCode} from ${users} where ${users.id} = ${userId})`,
          sql`${referralCodes.code} in (select ${kits.referralCode} from ${kits} where ${kits.ownerId} = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(referralCodes.lastName), asc(referralCodes.firstName));
  return rows.map((row) => ({ code: row.code, name: `${row.firstName} ${row.lastName}` }));
}

/**
 * Makes a share link of some of the caller's reports. Each report is read as the report page reads it
 * (the person's own, delivered to them: a study that withholds results answers 404 as everywhere),
 * drawn as a PDF, and the lot is encrypted with a new key that goes back in the link only.
 */
export async function createShare(
  ctx: AppContext,
  caller: Caller,
  input: Required<CreateShareInput>,
): Promise<CreatedShare> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw notFound();
  // Minors cannot share; a guardian account (a parent's account for their child) can.
  if (isUnderAge(user) && !user.guardian)
    throw forbidden(SHARE_MESSAGES.minor, SHARE_ERROR_CODES.notPermitted);
  if (!canViewReports(user)) throw new AppError(403, 'REPORT_NOT_PERMITTED', REPORT_NOT_PERMITTED);
  const samples = [...new Set(input.samples.map((s) => s.trim().toUpperCase()))];
  let practitioner: (Practitioner & { email: string }) | null = null;
  if (input.practitionerCode !== null) {
    const code = input.practitionerCode.trim().toUpperCase().replace(/^REF/, '');
    const known = (await listPractitioners(ctx, caller.userId)).find((p) => p.code === code);
    const [row] = known
      ? await ctx.db
          .select({ email: referralCodes.email })
          .from(referralCodes)
          .where(eq(referralCodes.code, code))
      : [];
    if (!known || !row?.email)
      throw invalid(SHARE_MESSAGES.unknownPractitioner, {
        practitionerCode: SHARE_MESSAGES.unknownPractitioner,
      });
    practitioner = { ...known, email: row.email };
  }
  const reports: SharedPayload['reports'] = [];
  for (const sample of samples) {
    const { kit, report } = await ownReport(ctx, caller, sample);
    const pdf = await reportPdfOffThread(report, metaOf(ctx, user, kit), null);
    reports.push({
      sampleIdentifier: kit.sampleIdentifier,
      name: kitDisplayName(kit),
      displayDate: kit.displayDate ?? '',
      report,
      pdf: Buffer.from(pdf).toString('base64'),
    });
  }
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const person = `${user.firstName} ${user.lastName}`;
  const payload: SharedPayload = {
    v: 1,
    brand: ctx.config.brandName,
    person,
    sharedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    reports,
  };
  const { jwe, key } = await encryptPayload(JSON.stringify(payload));
  const id = newShareId();
  const pin = input.pin ? newPin() : null;
  const url = `${ctx.config.publicUrl}/share/${id}#${key}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(reportShares).values({
      id,
      ownerId: caller.userId,
      samples: reports.map((r) => r.sampleIdentifier),
      payload: jwe,
      pinHash: pin ? pinHash(ctx.jwtSecret, id, pin) : null,
      recipientCode: practitioner?.code ?? null,
      recipientName: practitioner?.name ?? null,
      expiresAt,
      createdAt: now,
    });
    // The practitioner has no account: an email-only notification (decision 058); the link's
    // key is in the email only.
    if (practitioner)
      await notifyAddress(
        ctx,
        tx,
        { email: practitioner.email, firstName: practitioner.name },
        {
          kind: 'report-share',
          person,
          path: `/share/${id}`,
          url,
          expiresOn: expiresAt.toISOString().slice(0, 10),
          pin: pin !== null,
        },
      );
  });
  return { id, url, pin, expiresAt: expiresAt.toISOString(), recipientName: practitioner?.name ?? null };
}

type ShareRow = typeof reportShares.$inferSelect;

function statusOf(row: Pick<ShareRow, 'revokedAt' | 'expiresAt' | 'lockedUntil'>, now: Date): ShareStatus {
  if (row.revokedAt) return 'REVOKED';
  if (row.expiresAt <= now) return 'EXPIRED';
  if (row.lockedUntil && row.lockedUntil > now) return 'LOCKED';
  return 'ACTIVE';
}

/** Every share link of the person, newest first, with each opening (newest first). */
export async function listShares(ctx: AppContext, userId: string): Promise<ShareListItem[]> {
  const rows = await ctx.db
    .select({
      id: reportShares.id,
      samples: reportShares.samples,
      createdAt: reportShares.createdAt,
      expiresAt: reportShares.expiresAt,
      revokedAt: reportShares.revokedAt,
      lockedUntil: reportShares.lockedUntil,
      hasPin: sql<boolean>`${reportShares.pinHash} is not null`,
      recipientName: reportShares.recipientName,
    })
    .from(reportShares)
    .where(eq(reportShares.ownerId, userId))
    .orderBy(desc(reportShares.createdAt), desc(reportShares.id));
  if (rows.length === 0) return [];
  const views = await ctx.db
    .select()
    .from(reportShareViews)
    .where(
      inArray(
        reportShareViews.shareId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(reportShareViews.viewedAt), desc(reportShareViews.id));
  const sampleIds = [...new Set(rows.flatMap((r) => r.samples))];
  const names = new Map(
    (
      await ctx.db
        .select({ sampleIdentifier: kits.sampleIdentifier, name: kits.name, id: kits.id })
        .from(kits)
        .where(and(eq(kits.ownerId, userId), inArray(kits.sampleIdentifier, sampleIds)))
    ).map((k) => [k.sampleIdentifier, kitDisplayName(k)]),
  );
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    samples: row.samples.map((s) => ({ sampleIdentifier: s, name: names.get(s) ?? s })),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
    hasPin: row.hasPin,
    recipientName: row.recipientName,
    status: statusOf(row, now),
    views: views
      .filter((v) => v.shareId === row.id)
      .map((v) => ({ viewedAt: v.viewedAt.toISOString(), browser: v.browser, country: v.country })),
  }));
}

/**
 * Takes a link back: from the next request on, on every instance, it answers 410 (there is no cache of
 * links anywhere: each opening reads the row). The ciphertext is wiped with it. Another person's link,
 * or an unknown one, is 404 and changes nothing; revoking twice is the same as once.
 */
export async function revokeShare(ctx: AppContext, userId: string, id: string) {
  const [row] = await ctx.db
    .update(reportShares)
    .set({ revokedAt: sql`coalesce(${reportShares.revokedAt}, now())`, payload: null })
    .where(and(eq(reportShares.id, id), eq(reportShares.ownerId, userId)))
    .returning({ revokedAt: reportShares.revokedAt });
  if (!row?.revokedAt) throw notFound('We could not find this share link.');
  return { id, revokedAt: row.revokedAt.toISOString() };
}

const gone = (message: string) => new AppError(410, SHARE_ERROR_CODES.gone, message);

/**
 * The link as the practitioner's page sees it, or 404 (unknown) / 410 (expired, revoked, or its
 * owner's account closed), each with a page that says it is no longer available.
 */
export async function liveShare(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({
      share: reportShares,
      closed: sql<boolean>`exists (select 1 from ${closureRequests} where ${closureRequests.userId} = ${reportShares.ownerId})`,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(reportShares)
    .where(eq(reportShares.id, id));
  if (!row) throw notFound(SHARE_MESSAGES.notAvailable);
  const { share } = row;
  if (share.revokedAt || share.payload === null || row.closed) throw gone(SHARE_MESSAGES.revoked);
  if (share.expiresAt <= row.now) throw gone(SHARE_MESSAGES.expired);
  return { share, now: row.now };
}

export async function sharedLink(ctx: AppContext, id: string) {
  const { share, now } = await liveShare(ctx, id);
  return {
    needsPin: share.pinHash !== null,
    expiresAt: share.expiresAt.toISOString(),
    lockedUntil: share.lockedUntil && share.lockedUntil > now ? share.lockedUntil.toISOString() : null,
  };
}

/**
 * Opens a link: checks the PIN when it has one (the fifth wrong PIN locks it for an hour and emails its
 * owner), records the view (browser and country only) and answers the ciphertext. The PIN's count is
 * kept with a row lock, so answers at the same moment cannot all get a fifth try.
 */
export async function openShare(
  ctx: AppContext,
  id: string,
  pin: string | undefined,
  viewer: { browser: string; country: string | null },
) {
  type Outcome = { payload: string } | { error: AppError };
  const outcome: Outcome = await ctx.db.transaction(async (tx) => {
    const { share, now } = await liveShare({ ...ctx, db: tx }, id);
    const [locked] = await tx.select().from(reportShares).where(eq(reportShares.id, share.id)).for('update');
    if (!locked) throw notFound(SHARE_MESSAGES.notAvailable);
    if (locked.lockedUntil && locked.lockedUntil > now)
      return { error: new AppError(423, SHARE_ERROR_CODES.locked, SHARE_MESSAGES.locked) };
    if (locked.pinHash !== null) {
      if (!pin)
        return { error: new AppError(403, SHARE_ERROR_CODES.pinRequired, SHARE_MESSAGES.pinRequired) };
      if (!pinMatches(ctx.jwtSecret, id, pin, locked.pinHash)) {
        const failed = locked.failedPins + 1;
        if (failed >= SHARE_LIMITS.maxWrongPins) {
          await tx
            .update(reportShares)
            .set({
              failedPins: 0,
              lockedUntil: sql`now() + make_interval(mins => ${SHARE_LIMITS.lockMinutes})`,
            })
            .where(eq(reportShares.id, id));
          // The owner is told: in their inbox, and by email (issue 35).
          await notify(ctx, tx, locked.ownerId, {
            kind: 'share-locked',
            maxWrongPins: SHARE_LIMITS.maxWrongPins,
          });
          return { error: new AppError(423, SHARE_ERROR_CODES.locked, SHARE_MESSAGES.locked) };
        }
        await tx.update(reportShares).set({ failedPins: failed }).where(eq(reportShares.id, id));
        return {
          error: new AppError(
            403,
            SHARE_ERROR_CODES.wrongPin,
            SHARE_MESSAGES.wrongPin(SHARE_LIMITS.maxWrongPins - failed),
          ),
        };
      }
      if (locked.failedPins > 0)
        await tx.update(reportShares).set({ failedPins: 0 }).where(eq(reportShares.id, id));
    }
    await tx
      .insert(reportShareViews)
      .values({ shareId: id, browser: viewer.browser, country: viewer.country });
    return { payload: locked.payload ?? '' };
  });
  // The wrong PIN's count and the lock are committed before the refusal is answered.
  if ('error' in outcome) throw outcome.error;
  return outcome;
}
