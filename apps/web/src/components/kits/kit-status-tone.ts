import type { BadgeTone } from '../ui/badge.tsx';

/**
 * The colour of a kit status's badge (decision 034), from the tokens' status colours. The status text
 * says what it means; the colour repeats it, so a glance down the kits page finds the kits that want
 * something (available), are on their way or at the lab, are done, or went wrong.
 */
const TONES: Readonly<Record<string, BadgeTone>> = {
  UNASSIGNED: 'accent',
  ASSIGNED: 'accent',
  REDEEMED: 'primary',
  REQUESTED: 'info',
  ALLOCATED: 'info',
  DISPATCHED_BY_LAB: 'info',
  RECEIVED_BY_CUSTOMER: 'info',
  RECEIVED_BY_LAB: 'primary',
  PROCESSING: 'primary',
  RESULTS_AVAILABLE: 'success',
  MICROBIOME_COACH_SESSION_COMPLETED: 'success',
};

/** A status's badge tone: failures are errors, unknown or closed statuses (replaced) neutral. */
export function kitStatusTone(status: string | null | undefined): BadgeTone {
  if (!status) return 'neutral';
  if (status.startsWith('FAILED_')) return 'error';
  return TONES[status] ?? 'neutral';
}
