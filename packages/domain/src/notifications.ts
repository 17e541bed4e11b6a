import { z } from 'zod';
import { canRequestReplacement, type KitLike, kitDisplayName } from './kits.ts';
import { mailGreeting } from './mail-name.ts';
import { EMAIL_CATEGORIES, type EmailCategory } from './my-choices.ts';

/**
 * Notifications (issue 35): every message the portal sends to a person with an account is one
 * notification, with a category, a subject, a short body, the page where the person acts, read or
 * unread, and the channels it went out on with each delivery's status. Its words are written here, once:
 * the inbox shows the subject and body, and an email is rendered from the same text (paragraphs and one
 * action) by the mail adapter.
 */

/** Categories a person cannot switch off: they are about their account, an order, a consent or their data. */
export const TRANSACTIONAL_CATEGORIES = ['ACCOUNT', 'ORDERS', 'CONSENT', 'DATA_RIGHTS'] as const;
export type TransactionalCategory = (typeof TRANSACTIONAL_CATEGORIES)[number];
export const NOTIFICATION_CATEGORIES = [...EMAIL_CATEGORIES, ...TRANSACTIONAL_CATEGORIES] as const;
export type NotificationCategory = EmailCategory | TransactionalCategory;

export const isOptionalCategory = (category: NotificationCategory): category is EmailCategory =>
  (EMAIL_CATEGORIES as readonly string[]).includes(category);

/** The ways a notification reaches a person. The inbox is always one; texts (SMS) are opt-in (sms.ts). */
export const NOTIFICATION_CHANNELS = ['IN_APP', 'EMAIL', 'SMS'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A delivery's status. QUEUED: waiting for its job. SENT: handed to the mail server (or, in-app, shown).
 * FAILED: the last attempt failed, the queue retries it. BOUNCED: the mail server refused the address for
 * good. SKIPPED: not sent, for the reason in its detail (category switched off, address undeliverable).
 * WITHHELD: past the recipient's quota (decision 043). HELD: no SMTP_URL (or, for a text, no Twilio keys), the message stays in the outbox.
 */
export const DELIVERY_STATUSES = [
  'QUEUED',
  'SENT',
  'FAILED',
  'BOUNCED',
  'SKIPPED',
  'WITHHELD',
  'HELD',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_TEXT: Record<DeliveryStatus, string> = {
  QUEUED: 'Queued',
  SENT: 'Sent',
  FAILED: 'Failed, retrying',
  BOUNCED: 'Bounced',
  SKIPPED: 'Not sent',
  WITHHELD: 'Withheld (quota)',
  HELD: 'In the outbox (no provider set)',
};

export const CHANNEL_TEXT: Record<NotificationChannel, string> = {
  IN_APP: 'Inbox',
  EMAIL: 'Email',
  SMS: 'Text',
};

type KitFacts = KitLike & { id: number; name: string | null; sampleIdentifier: string };

/** What each kind of notification needs to be written. */
export type NotificationInput =
  | { kind: 'kit-requested'; kit: KitFacts }
  | { kind: 'kit-dispatched'; kit: KitFacts }
  | { kind: 'sample-received'; kit: KitFacts; reportComing: boolean }
  | { kind: 'sample-failed'; kit: KitFacts; supportEmail: string }
  | { kind: 'results-available'; kit: KitFacts }
  | { kind: 'results-retracted'; kit: KitFacts }
  | { kind: 'reminder-questionnaires'; kit: KitFacts; step: number }
  | { kind: 'reminder-sample-return'; kit: KitFacts }
  | { kind: 'reminder-parental-consent' }
  | { kind: 'reminder-coach'; kit: KitFacts };
export type NotificationKind = NotificationInput['kind'];

/** A notification's words: the inbox's subject and body, the email's paragraphs, and its one action. */
export type NotificationText = {
  category: NotificationCategory;
  subject: string;
  /** One or two sentences for the inbox. */
  body: string;
  /** The email's paragraphs after the greeting. */
  paragraphs: string[];
  /** The page where the person acts: a path of the portal, and the label of the button. */
  action: { label: string; path: string } | null;
};

const kitPath = (kitId: number) => `/kits?scrollingPosition=kit-${kitId}`;

export function notificationText(input: NotificationInput, brand: string): NotificationText {
  switch (input.kind) {
    case 'kit-requested': {
      const body = `Thank you for activating ${kitDisplayName(input.kit)}. We are packing it now and will email you when it is on its way.`;
      return {
        category: 'KIT_PROGRESS',
        subject: `We are packing your ${brand} kit`,
        body,
        paragraphs: [body],
        action: { label: 'Follow your kit', path: kitPath(input.kit.id) },
      };
    }
    case 'kit-dispatched': {
      const body = `${kitDisplayName(input.kit)} has left our lab. Kits arrive in 3-6 business days by postal service.`;
      return {
        category: 'KIT_PROGRESS',
        subject: `Your ${brand} kit is on its way`,
        body,
        paragraphs: [
          body,
          'When it arrives, follow the instructions in the box to take your sample and post it back to us.',
        ],
        action: { label: 'Follow your kit', path: kitPath(input.kit.id) },
      };
    }
    case 'sample-received': {
      const body = `Our lab has received the sample of ${kitDisplayName(input.kit)} (sample ${input.kit.sampleIdentifier}).`;
      return {
        category: 'KIT_PROGRESS',
        subject: 'We have received your sample',
        body: `${body} Please complete your questionnaires within 2 days.`,
        paragraphs: [
          body,
          'Please complete your questionnaires within 2 days of this email: your answers help us interpret your results.',
          input.reportComing
            ? 'Your report takes about 4 weeks from today. We will email you as soon as it is ready.'
            : 'Your study team receives the results of this sample; there is no report to read in the portal.',
        ],
        action: { label: 'Answer your questionnaires', path: '/surveys' },
      };
    }
    case 'sample-failed': {
      const replaceable = canRequestReplacement(input.kit);
      const body = `Unfortunately our lab could not analyse the sample of ${kitDisplayName(input.kit)} (sample ${input.kit.sampleIdentifier}).`;
      return {
        category: 'KIT_PROGRESS',
        subject: 'We could not analyse your sample',
        body,
        paragraphs: [
          body,
          replaceable
            ? 'This happens sometimes when a swab carries too much or too little sample. You can order a replacement kit at a reduced price from your kits page.'
            : `Our team will contact you about the next steps. You can also reply to this email or contact ${input.supportEmail}.`,
        ],
        action: replaceable ? { label: 'Request a replacement kit', path: kitPath(input.kit.id) } : null,
      };
    }
    case 'results-available': {
      const body = `The report of ${kitDisplayName(input.kit)} (sample ${input.kit.sampleIdentifier}) is ready to read.`;
      return {
        category: 'KIT_PROGRESS',
        subject: 'Your microbiome report is ready',
        body,
        paragraphs: [
          body,
          'Once your questionnaires are complete you can book your 15-minute Microbiome Coach call.',
        ],
        action: {
          label: 'Read my report',
          path: `/report?samples=${encodeURIComponent(input.kit.sampleIdentifier)}`,
        },
      };
    }
    case 'results-retracted': {
      const body = `Our lab has withdrawn the report of ${kitDisplayName(input.kit)} (sample ${input.kit.sampleIdentifier}) to correct it, so it is not shown in your account for now.`;
      return {
        category: 'KIT_PROGRESS',
        subject: 'Your microbiome report is being corrected',
        body,
        paragraphs: [
          body,
          'We will tell you as soon as the amended report is ready. You do not need to do anything.',
        ],
        action: { label: 'Follow your kit', path: kitPath(input.kit.id) },
      };
    }
    case 'reminder-questionnaires': {
      const last = input.step >= 2;
      const body = last
        ? `Today is the last day to complete the questionnaires of ${kitDisplayName(input.kit)}: the lab has your sample.`
        : `The lab has your sample of ${kitDisplayName(input.kit)}. Please complete its questionnaires by tomorrow.`;
      return {
        category: 'QUESTIONNAIRE_REMINDERS',
        subject: last ? 'Last day to complete your questionnaires' : 'Please complete your questionnaires',
        body,
        paragraphs: [body, 'Your answers help us interpret your results. It takes about 15 minutes.'],
        action: { label: 'Answer your questionnaires', path: '/surveys' },
      };
    }
    case 'reminder-sample-return': {
      const body = `You activated ${kitDisplayName(input.kit)} more than 2 weeks ago and we have not received its sample yet.`;
      return {
        category: 'KIT_PROGRESS',
        subject: 'Have you posted your sample back?',
        body,
        paragraphs: [
          body,
          'Take your sample as the instructions in the box say and post it back to us in the prepaid envelope. If you have already posted it, thank you: you can ignore this reminder.',
        ],
        action: { label: 'Follow your kit', path: kitPath(input.kit.id) },
      };
    }
    case 'reminder-parental-consent': {
      const body =
        'We have not received the signed parental consent form yet. Your results stay hidden until a parent or guardian signs it.';
      return {
        category: 'CONSENT',
        subject: 'Your parental consent form is still missing',
        body,
        paragraphs: [
          body,
          'Download the form in My Profile, ask your parent or guardian to sign it, then upload it there.',
        ],
        action: { label: 'Upload the form', path: '/profile' },
      };
    }
    case 'reminder-coach': {
      const body = `Your report of ${kitDisplayName(input.kit)} has been ready for 2 weeks, and your 15-minute Microbiome Coach call is included.`;
      return {
        category: 'KIT_PROGRESS',
        subject: 'Book your Microbiome Coach call',
        body,
        paragraphs: [
          body,
          'Choose a time that suits you: our coach phones you on the number in your profile.',
        ],
        action: { label: 'Book my call', path: '/coach' },
      };
    }
  }
}

/**
 * The kinds that also go out as a text to a person who switched texts on (issue 35 item 4): only short
 * transactional ones: kit on its way, results ready, reminders.
 */
export const SMS_NOTIFICATION_KINDS = [
  'kit-dispatched',
  'results-available',
  'reminder-questionnaires',
  'reminder-sample-return',
  'reminder-parental-consent',
  'reminder-coach',
] as const satisfies readonly NotificationKind[];
export const sendsSms = (kind: NotificationKind) =>
  (SMS_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** A notification's text: the brand, the subject, and the page where the person acts. */
export const notificationSmsText = (text: NotificationText, brand: string, publicUrl: string) =>
  `${brand}: ${text.subject}.${text.action ? ` ${publicUrl}${text.action.path}` : ''} Reply STOP to stop texts.`;

/** The email's paragraphs: the greeting, then the notification's own. */
export const notificationEmailParagraphs = (text: NotificationText, firstName: string | null) => [
  mailGreeting(firstName),
  ...text.paragraphs,
];

// ---- API ----

export const notificationDeliverySchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  /** Why it was not sent, or the mail server's last answer. */
  detail: z.string().nullable(),
  at: z.string(),
});
export const notificationSchema = z.object({
  id: z.number().int(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  subject: z.string(),
  body: z.string(),
  /** The portal page where the person acts, a path such as /surveys. */
  link: z.string().nullable(),
  actionLabel: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  deliveries: z.array(notificationDeliverySchema),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  /** The person's address is marked undeliverable after 3 hard bounces: the banner asks them to check it. */
  emailUndeliverable: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const unreadCountSchema = z.object({ unread: z.number().int(), emailUndeliverable: z.boolean() });

export const NOTIFICATION_TEXTS = {
  inboxTitle: 'Inbox',
  bellLabel: (unread: number) =>
    unread === 0 ? 'Inbox, no unread messages' : `Inbox, ${unread} unread message${unread === 1 ? '' : 's'}`,
  empty: 'No messages yet. We will let you know here when something needs your attention.',
  unread: 'Unread',
  open: 'Open',
  loadFailed: 'We could not load your messages. Please try again later.',
  notFound: 'We could not find that message in your inbox.',
  undeliverableBanner:
    'Emails to your address keep coming back to us. Please check your email address in My Profile.',
  undeliverableAction: 'Check my email address',
  undeliverableStaff:
    'This address bounced 3 times and is marked undeliverable: no email is sent to it until the person checks it.',
  confirmAddress: 'My address is right, try again',
  addressConfirmed: 'Thank you. We will email you again.',
  deliveredBy: 'Sent by',
  markAllRead: 'Mark all as read',
} as const;

/** After this many hard bounces an address is marked undeliverable. */
export const HARD_BOUNCES_UNDELIVERABLE = 3;

// ---- Reminders ----

export const REMINDER_KINDS = ['QUESTIONNAIRES', 'SAMPLE_RETURN', 'PARENTAL_CONSENT', 'COACH'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** When each reminder falls due, in hours after the event that starts it. */
export const REMINDER_SCHEDULE: Record<ReminderKind, number[]> = {
  // Questionnaires: 1 and 2 days after the sample-received email (the spec's 2-day window).
  QUESTIONNAIRES: [24, 48],
  // A kit activated more than 14 days ago with no sample received.
  SAMPLE_RETURN: [14 * 24],
  // A minor's parental consent form not uploaded 7 days after registration.
  PARENTAL_CONSENT: [7 * 24],
  // A coach call not booked 14 days after results, when the questionnaires are complete.
  COACH: [14 * 24],
};
