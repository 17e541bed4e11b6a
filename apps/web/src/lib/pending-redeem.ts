import { decodeParticipantCode, REDEEM_ON_REGISTER_KEY } from '@portal/domain';
import { z } from 'zod';

/**
 * The participant code kept from registration to the first complete profile (research §2), in local
 * storage under REDEEM_ON_REGISTER_KEY so that it survives the trip through the verification email.
 */
const pendingRedeemSchema = z.object({ participantCode: z.string(), email: z.string() });
export type PendingRedeem = z.infer<typeof pendingRedeemSchema>;

/** Codes are typed by people: spaces and case do not matter. */
export const normaliseParticipantCode = (code: string) => code.replace(/\s/g, '').toUpperCase();

/** Research §5: a participant code is checked in the browser before any call. */
export const isParticipantCodeWellFormed = (code: string) =>
  decodeParticipantCode(normaliseParticipantCode(code)) !== null;

export function storePendingRedeem(pending: PendingRedeem): void {
  try {
    window.localStorage.setItem(
      REDEEM_ON_REGISTER_KEY,
      JSON.stringify({
        participantCode: normaliseParticipantCode(pending.participantCode),
        email: pending.email.trim().toLowerCase(),
      }),
    );
  } catch {
    // Storage can be full or blocked; the participant can still join from My Research.
  }
}

/** The code and email kept by the registration's first step, without clearing them (a reload shows them). */
export function readPendingRedeem(): PendingRedeem | null {
  try {
    const raw = window.localStorage.getItem(REDEEM_ON_REGISTER_KEY);
    if (!raw) return null;
    const parsed = pendingRedeemSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads and clears the pending redeem of the person signed in with `email`. One kept for another
 * email (someone else registered on this browser) stays where it is; an unreadable one is dropped.
 */
export function takePendingRedeem(email: string): PendingRedeem | null {
  const pending = readPendingRedeem();
  if (pending && pending.email !== email.trim().toLowerCase()) return null;
  try {
    window.localStorage.removeItem(REDEEM_ON_REGISTER_KEY);
  } catch {
    // Nothing to clear.
  }
  return pending;
}
