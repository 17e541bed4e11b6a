import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { PHONE_COUNTRIES, RECRUITMENT_MESSAGES } from './recruitment.ts';

/**
 * Texts (issue 35 item 4): a second, opt-in channel for short transactional messages. A person adds a
 * mobile number in My Profile, proves it with a 6-digit code sent to it, then may switch texts on. Texts
 * never go out between 21:00 and 08:00 in the person's time zone: one due then waits until 08:00
 * (decision 060).
 */

/** The field's name in the spec's message style: "Field Mobile number is invalid phone number." */
export const SMS_PHONE_FIELD = 'Mobile number';
export const SMS_CODE_LENGTH = 6;
/** Wrong codes before the number is locked, and for how long. */
export const SMS_MAX_WRONG_CODES = 5;
export const SMS_LOCK_MINUTES = 60;
/** How long a code stays good. */
export const SMS_CODE_MINUTES = 10;
/** Quiet hours, in the person's own time zone: no text from 21:00 until 08:00. */
export const SMS_QUIET_FROM_HOUR = 21;
export const SMS_QUIET_UNTIL_HOUR = 8;

/** Mobile numbers' first national digit: 04xx in Australia, 02x in New Zealand. */
const MOBILE_PREFIX: Record<string, string> = { AU: '4', NZ: '2' };

/**
 * A mobile number of Australia or New Zealand (AU is the default country, so 0412 345 678 reads as
 * +61 412 345 678), in E.164 (+61412345678); null when it is not one. Landlines, 1300 numbers and other
 * countries' numbers are not mobiles, so they cannot receive the texts.
 */
export function normaliseMobile(phone: string): string | null {
  const value = phone.trim();
  if (value.length === 0 || value.length > 25 || !/^[+\d\s()-]+$/.test(value)) return null;
  // A local number is read as Australian first (02 9999 9999 is a Sydney landline, not a New Zealand
  // mobile), then as a New Zealand one.
  for (const country of PHONE_COUNTRIES) {
    const parsed = parsePhoneNumberFromString(value, country);
    if (!parsed?.isValid() || !parsed.country) continue;
    const mobilePrefix = MOBILE_PREFIX[parsed.country];
    return mobilePrefix && parsed.nationalNumber.startsWith(mobilePrefix) ? parsed.number : null;
  }
  return null;
}

export const isValidMobile = (phone: string) => normaliseMobile(phone) !== null;

/** A number as the person reads it on screen: +61 412 345 678. */
export function formatMobile(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}

/** The Australian states and territories' zones; New Zealand's one; Sydney when the state is unknown. */
const STATE_TIME_ZONES: Record<string, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};
export const SMS_DEFAULT_TIME_ZONE = 'Australia/Sydney';

/** The person's time zone, from the state (and country) of their address; Sydney when unknown. */
export function personTimeZone(state: string | null | undefined, country?: string | null): string {
  if (country?.trim().toUpperCase() === 'NZ') return 'Pacific/Auckland';
  return STATE_TIME_ZONES[state?.trim().toUpperCase() ?? ''] ?? SMS_DEFAULT_TIME_ZONE;
}

/** The wall clock of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The instant the zone's wall clock reads that date at `hour`:00 (daylight saving accounted for). */
function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  // The zone's offset at the guess, then once more at the corrected instant (a change of offset between).
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    instant = guess - (shown - instant);
  }
  return new Date(instant);
}

/**
 * When a text due at `now` may go out in `timeZone`: null when now is outside quiet hours (send at once),
 * else the next 08:00 there (the same morning before 08:00, the next morning from 21:00).
 */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const w = wallClock(now, timeZone);
  if (w.hour >= SMS_QUIET_UNTIL_HOUR && w.hour < SMS_QUIET_FROM_HOUR) return null;
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + (w.hour >= SMS_QUIET_FROM_HOUR ? 1 : 0)));
  return zonedInstant(
    next.getUTCFullYear(),
    next.getUTCMonth() + 1,
    next.getUTCDate(),
    SMS_QUIET_UNTIL_HOUR,
    timeZone,
  );
}

export const SMS_MESSAGES = {
  invalidPhone: RECRUITMENT_MESSAGES.invalidPhone(SMS_PHONE_FIELD),
  codeFormat: `Please enter the ${SMS_CODE_LENGTH}-digit code from the text we sent you.`,
  noCode: 'Please add your mobile number first: we will text you a code to check it.',
  codeExpired: 'This code has expired. Please send a new code and enter it.',
  wrongCode: (left: number) =>
    `That code is not right. Please check the text we sent you and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`,
  locked: (until: string) =>
    `Too many wrong codes: this number is locked for an hour. Please try again after ${until}.`,
  tooManyCodes: 'We have sent several codes to this number in the last hour. Please try again later.',
  notVerified: 'Please check your mobile number with the code we texted you before switching texts on.',
  stopped:
    'You replied STOP to our texts. Reply START to our number, or switch texts on again here to get them.',
  codeSent: (phone: string) => `We have texted a 6-digit code to ${phone}. Please enter it below.`,
  verified: 'Your mobile number is checked.',
  optedIn:
    'Texts are on: we will text you when your kit is on its way, your results are ready, and reminders.',
  optedOut: 'Texts are off.',
  removed: 'Your mobile number is removed.',
} as const;

/** The section of My Profile that holds the number and the choice. */
export const SMS_TEXTS = {
  title: 'Text messages',
  intro:
    'Get a short text when your kit is on its way, when your results are ready, and for reminders. We never text between 9 pm and 8 am your time.',
  phoneLabel: SMS_PHONE_FIELD,
  phoneHint: 'An Australian mobile (0412 345 678) or a New Zealand one with its code (+64 21 123 4567).',
  sendCode: 'Text me a code',
  sendNewCode: 'Send a new code',
  codeLabel: 'Code from the text',
  verify: 'Check code',
  verifiedBadge: 'Checked',
  unverifiedBadge: 'Not checked yet',
  optInLabel: 'Send me texts',
  optInHint: 'Kit on its way, results ready and reminders only. Reply STOP to any text to stop them.',
  loadFailed: 'We could not load your text message settings. Please try again later.',
  cancel: 'Cancel',
  remove: 'Remove number',
  change: 'Change number',
} as const;

/** The verification text: short, with the code first so a phone's preview shows it. */
export const smsCodeText = (code: string, brand: string) =>
  `${code} is your ${brand} code. It expires in ${SMS_CODE_MINUTES} minutes. If you did not ask for it, ignore this text.`;

// ---- API ----

export const smsSettingsSchema = z.object({
  /** The number in E.164 (+61412345678), or null when none is added. */
  phone: z.string().nullable(),
  verified: z.boolean(),
  /** Texts switched on (only once verified); off by default. */
  optIn: z.boolean(),
  /** The person replied STOP: no texts until they reply START or switch texts on again. */
  stoppedByReply: z.boolean(),
  /** A code was sent and awaits entry. */
  codePending: z.boolean(),
  /** After 5 wrong codes: the time the number is unlocked. */
  lockedUntil: z.string().nullable(),
  /** Where the person's quiet hours are counted. */
  timeZone: z.string(),
  message: z.string().optional(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const smsPhoneBodySchema = z.object({
  phone: z
    .string(SMS_MESSAGES.invalidPhone)
    .max(25, SMS_MESSAGES.invalidPhone)
    .refine(isValidMobile, SMS_MESSAGES.invalidPhone),
});
export const smsCodeBodySchema = z.object({
  code: z
    .string(SMS_MESSAGES.codeFormat)
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), SMS_MESSAGES.codeFormat),
});
export const smsOptInBodySchema = z.object({ optIn: z.boolean() });
