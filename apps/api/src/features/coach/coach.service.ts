import {
  COACH_BOOKING_MESSAGES,
  coachTileState,
  coachWorkingSlots,
  formatCoachTime,
  isUnderAge,
  kitDisplayName,
  questionnairesComplete,
} from '@portal/domain';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { coachBookings, kits, projects, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { cancelReminders } from '../notifications/index.ts';
import { surveyStatsForKits } from '../surveys/index.ts';
import { coachBookingMail } from './coach-mail.ts';

export async function freeSlots(ctx: AppContext, now = new Date()) {
  const taken = await ctx.db
    .select({ startsAt: coachBookings.startsAt })
    .from(coachBookings)
    .where(and(isNull(coachBookings.cancelledAt), gte(coachBookings.startsAt, now)));
  const takenTimes = new Set(taken.map((b) => b.startsAt.getTime()));
  return coachWorkingSlots(now)
    .filter((slot) => !takenTimes.has(slot.getTime()))
    .map((slot) => slot.toISOString());
}

export async function myBookings(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select()
    .from(coachBookings)
    .where(and(eq(coachBookings.userId, userId), isNull(coachBookings.cancelledAt)))
    .orderBy(asc(coachBookings.startsAt));
  return rows.map((b) => ({ id: b.id, kitId: b.kitId, startsAt: b.startsAt.toISOString() }));
}

/**
 * Books (or moves) the kit's coach call: only the owner, only once results are available and the
 * questionnaires are complete, only an offered free slot. Emails a confirmation.
 */
export async function bookCoach(
  ctx: AppContext,
  userId: string,
  kitId: number,
  startsAtIso: string,
  now = new Date(),
) {
  const startsAt = new Date(startsAtIso);
  if (!coachWorkingSlots(now).some((s) => s.getTime() === startsAt.getTime()))
    throw invalid(COACH_BOOKING_MESSAGES.notASlot);
  const [row] = await ctx.db
    .select({ kit: kits, project: projects, user: users })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .innerJoin(users, eq(users.id, kits.ownerId))
    .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)));
  if (!row) throw notFound('We could not find that kit in your account.');
  const stats = (await surveyStatsForKits(ctx.db, [row], isUnderAge(row.user))).get(kitId) ?? [];
  if (coachTileState(row.kit, questionnairesComplete(stats)) !== 'BOOK')
    throw conflict(COACH_BOOKING_MESSAGES.locked);
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx
        .update(coachBookings)
        .set({ cancelledAt: new Date() })
        .where(and(eq(coachBookings.kitId, kitId), isNull(coachBookings.cancelledAt)));
      const [booking] = await tx.insert(coachBookings).values({ kitId, userId, startsAt }).returning();
      if (!booking) throw new Error('booking not stored');
      await cancelReminders(tx, { kind: 'COACH', kitId });
      const when = formatCoachTime(startsAt);
      await queueMail(
        ctx,
        tx,
        'coach-booking',
        coachBookingMail(ctx.mail, row.user, booking, kitDisplayName(row.kit)),
      );
      return {
        id: booking.id,
        kitId,
        startsAt: booking.startsAt.toISOString(),
        message: COACH_BOOKING_MESSAGES.booked(when),
      };
    });
  } catch (error) {
    if (
      String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
      '23505'
    )
      throw conflict(COACH_BOOKING_MESSAGES.taken);
    throw error;
  }
}
