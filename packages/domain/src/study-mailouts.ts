import { z } from 'zod';

/**
 * Study mail-outs (issue 35 item 7): a STUDY staff member writes to a project's participants, previews
 * the message and sends it. It goes only to participants who get Research news, through the job queue
 * at a bounded rate, and its progress is shown.
 */
export const MAILOUT_SUBJECT_MAX = 150;
export const MAILOUT_BODY_MAX = 5000;

export const MAILOUT_TEXTS = {
  subjectRequired: 'Enter the subject of the message.',
  subjectTooLong: `Keep the subject to ${MAILOUT_SUBJECT_MAX} characters.`,
  bodyRequired: 'Write the message.',
  bodyTooLong: `Keep the message to ${MAILOUT_BODY_MAX} characters.`,
  noRecipients: 'Nobody in this project gets Research news, so there is no one to send this message to.',
  /** The message's one action: the research portal, where participants see their study. */
  action: 'Open the study portal',
  greeting: 'Hello,',
  recipients: (n: number) =>
    n === 1 ? '1 participant gets Research news' : `${n} participants get Research news`,
  // A recruitment's candidates (they have no account: their consent to contact is their unsubscribe link).
  noCandidates:
    'No candidate of this recruitment can be contacted (they unsubscribed, or have not confirmed their email address), so there is no one to send this message to.',
  candidateRecipients: (n: number) =>
    n === 1 ? '1 candidate can be contacted' : `${n} candidates can be contacted`,
  candidateUnsubscribe: (url: string) => `If you do not want to hear from this study again: ${url}`,
} as const;

/** Who a mail-out goes to: a project's participants, or a recruitment's candidates. */
export const MAILOUT_AUDIENCES = ['PROJECT', 'RECRUITMENT'] as const;
export type MailoutAudience = { kind: (typeof MAILOUT_AUDIENCES)[number]; id: number };

export const staffMailoutDraftSchema = z.object({
  subject: z
    .string({ error: MAILOUT_TEXTS.subjectRequired })
    .trim()
    .min(1, MAILOUT_TEXTS.subjectRequired)
    .max(MAILOUT_SUBJECT_MAX, MAILOUT_TEXTS.subjectTooLong)
    .refine((s) => !/[\r\n]/.test(s), MAILOUT_TEXTS.subjectRequired),
  body: z
    .string({ error: MAILOUT_TEXTS.bodyRequired })
    .trim()
    .min(1, MAILOUT_TEXTS.bodyRequired)
    .max(MAILOUT_BODY_MAX, MAILOUT_TEXTS.bodyTooLong),
});
export type StaffMailoutDraft = z.infer<typeof staffMailoutDraftSchema>;

/** The preview: the message as participants will see it, and how many will get it. */
export const staffMailoutPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  recipients: z.number().int(),
});

/** A mail-out and its progress: recipients written to the outbox, and sent to the mail server. */
export const staffMailoutSchema = z.object({
  id: z.number().int(),
  /** Its audience: the project, or the recruitment (the other is null). */
  projectId: z.number().int().nullable(),
  recruitmentId: z.number().int().nullable(),
  subject: z.string(),
  createdAt: z.string(),
  /** null until the recipients are written. */
  recipients: z.number().int().nullable(),
  queued: z.number().int(),
  sent: z.number().int(),
  /** Messages a second at most. */
  ratePerSecond: z.number().int(),
  /** false: no mail server is set (no SMTP_URL); the messages stay in the outbox. */
  delivering: z.boolean(),
});
export type StaffMailout = z.infer<typeof staffMailoutSchema>;
export const staffMailoutListSchema = z.object({ mailouts: z.array(staffMailoutSchema) });

/** Paragraphs of a staff member's message: separated by blank lines, each line's spaces tidied. */
export function mailoutParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter((p) => p.length > 0);
}
