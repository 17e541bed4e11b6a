import { z } from 'zod';
import { mailGreeting } from './mail-name.ts';

/**
 * "Close my account" (issue 23; APP 11.2, GDPR article 17): the person confirms with their password and
 * picks a scope; a background job closes the account once, and the portal shows the request's timeline.
 * What is erased, what is kept and why is docs/privacy.md's table, said here in the person's words.
 */
export const CLOSURE_SCOPES = ['RESEARCH', 'EVERYTHING'] as const;
export type ClosureScope = (typeof CLOSURE_SCOPES)[number];

/** RECEIVED: the account is locked and the job queued; PROCESSED: everything below is done. */
export const CLOSURE_STATES = ['RECEIVED', 'PROCESSED'] as const;
export type ClosureState = (typeof CLOSURE_STATES)[number];

/** How long orders are kept after a closure (Australian tax records: 5 years at least; we keep 7). */
export const ORDER_RETENTION_YEARS = 7;

export const CLOSURE_TEXTS = {
  sectionTitle: 'Close my account',
  intro:
    'Closing your account cannot be undone. You are signed out everywhere at once and cannot sign in again.',
  open: 'Close my account…',
  deletedTitle: 'What we delete',
  deleted: [
    'Your name, email, phone number, date of birth and addresses: erased, or replaced with an anonymous placeholder, in every record we hold.',
    'Your questionnaire answers, your reports and the lab results behind them.',
    'Your sessions, your saved card, your email preferences and any copy of your data waiting to be downloaded.',
    'Kits that have not been sent yet are cancelled, and a paid kit that has not been sent is refunded. An active subscription is cancelled first.',
    'If you take part in a study, you are withdrawn from it and the study team is told.',
  ],
  keptTitle: 'What we keep, and why',
  kept: [
    {
      what: 'Your orders, without your name or email',
      why: `Tax law requires records of sales: we keep them for ${ORDER_RETENTION_YEARS} years, then delete them.`,
    },
    {
      what: 'The record of the consents you gave or withdrew: which document and version, when, and your answer',
      why: 'We must be able to show what you agreed to while your data was used.',
    },
  ],
  scopeLegend: 'What should we do?',
  scopes: {
    RESEARCH: {
      label: 'Stop using my data for research and close my account',
      hint: 'Samples and data are kept only where the law or a study’s ethics approval requires it.',
    },
    EVERYTHING: {
      label: 'Delete everything you can',
      hint: 'This also destroys the samples the lab still holds: the lab gets a job to do so.',
    },
  } satisfies Record<ClosureScope, { label: string; hint: string }>,
  password: 'Your password',
  passwordHint: 'To confirm that it is you.',
  submit: 'Close my account',
  closing: 'Closing your account…',
  cancel: 'Keep my account',
  supportView: 'Only the account holder can close their account: a support view cannot.',
  scopeRequired: 'Please choose what we should do.',
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'That password is not correct. Your account has not been closed.',
  timelineLabel: 'Your closure request',
  steps: ['Received', 'Processed'] as const,
  receivedAt: (when: string) => `Received ${when}`,
  processedAt: (when: string) => `Processed ${when}`,
  processing: 'We are closing your account. This usually takes under a minute.',
  pageTitleProcessing: 'Your account is being closed',
  pageTitleClosed: 'Your account is closed',
  signedOut:
    'You are signed out and cannot sign in with this account again. We email you a confirmation once it is done.',
  closedDone:
    'You are signed out and cannot sign in with this account again. We have emailed you a confirmation.',
  followLost:
    'This page can no longer follow your request. We email you a confirmation once your account is closed.',
  home: 'Go to the sign-in page',
  timesTitle: 'When',
  mailSubject: (brand: string) => `Your ${brand} account is closed`,
  mailBody: (firstName: string, scope: ClosureScope) => [
    mailGreeting(firstName),
    'Your account is closed, as you asked. You cannot sign in with it any more.',
    scope === 'EVERYTHING'
      ? 'We have deleted everything we can. The lab has been asked to destroy the samples it still holds.'
      : 'Your data is no longer used for research. Samples and data are kept only where the law or a study’s ethics approval requires it.',
    `We keep your orders, without your name or email, for ${ORDER_RETENTION_YEARS} years because tax law requires it, and the record of the consents you gave. If you did not ask for this, please write to support straight away.`,
  ],
  contactSubject: (project: string) => `A participant has withdrawn from ${project}`,
  contactBody: (project: string, samples: string[], scope: ClosureScope) => [
    `A participant of ${project} closed their account and is withdrawn from the project.`,
    samples.length
      ? `Their samples in this project: ${samples.join(', ')}.`
      : 'They have no samples in this project.',
    scope === 'EVERYTHING'
      ? 'They asked us to delete everything we can: the lab destroys the samples it still holds.'
      : 'They asked us to stop using their data for research: keep samples and data only where the law or the ethics approval requires it.',
  ],
  noAccount: 'No account has this email.',
  notFoundSample: 'No sample waits to be destroyed under this identifier.',
} as const;

export const closureRequestSchema = z.object({
  password: z.string().min(1, CLOSURE_TEXTS.passwordRequired).max(200),
  scope: z.enum(CLOSURE_SCOPES, { error: CLOSURE_TEXTS.scopeRequired }),
});
export type ClosureRequest = z.infer<typeof closureRequestSchema>;

export const closureSchema = z.object({
  id: z.string(),
  scope: z.enum(CLOSURE_SCOPES),
  state: z.enum(CLOSURE_STATES),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Closure = z.infer<typeof closureSchema>;

/** GET /api/me/closure: the caller's closure request, or null when they never asked. */
export const myClosureSchema = z.object({ closure: closureSchema.nullable() });

/** A sample the lab is asked to destroy after an "everything" closure. */
export const sampleDestructionSchema = z.object({
  sampleIdentifier: z.string(),
  kitId: z.number().int().nullable(),
  requestedAt: z.string(),
  destroyedAt: z.string().nullable(),
});
export type SampleDestruction = z.infer<typeof sampleDestructionSchema>;
