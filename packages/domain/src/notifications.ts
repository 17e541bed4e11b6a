import { z } from 'zod';
import { CONSENT_LEDGER_MAIL, HANDOVER_MAIL } from './consent-ledger.ts';
import { canRequestReplacement, type KitLike, kitDisplayName } from './kits.ts';
import { mailGreeting } from './mail-name.ts';
import { EMAIL_CATEGORIES, type EmailCategory } from './my-choices.ts';
import { formatMoney } from './orders.ts';
import { STAFF_ROLE_TEXT, type StaffRole } from './staff.ts';
import { MAILOUT_TEXTS } from './study-mailouts.ts';

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
 * DELIVERED: a text the SMS provider reports as delivered to the phone (its status callback).
 * FAILED: the last attempt failed, the queue retries it. BOUNCED: the mail server refused the address for
 * good, or the provider could not deliver a text. SKIPPED: not sent, for the reason in its detail (category switched off, address undeliverable).
 * WITHHELD: past the recipient's quota (decision 043). HELD: no SMTP_URL (or, for a text, no Twilio keys), the message stays in the outbox.
 */
export const DELIVERY_STATUSES = [
  'QUEUED',
  'SENT',
  'DELIVERED',
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
  DELIVERED: 'Delivered',
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
  | { kind: 'reminder-coach'; kit: KitFacts }
  // What staff did about a person's own order, form or kit (issue 34 item 12).
  | {
      kind: 'order-refund';
      refund: {
        number: string;
        amountCents: number;
        refundedCents: number;
        paidCents: number;
        full: boolean;
        cancelledKits: number;
        sentKits: number;
      };
      supportEmail: string;
    }
  | { kind: 'consent-decision'; approve: boolean; reason: string | null; supportEmail: string }
  | { kind: 'kit-replacement'; failedKitId: number; kitId: number; sent: boolean; supportEmail: string }
  // A new version of a document the person agreed to (issue 36 item 2).
  | {
      kind: 'document-change';
      material: boolean;
      title: string;
      version: string;
      summary: string;
    }
  // Turning 18 (issue 36 item 3). `link` holds the handover's secret: it goes in the email only.
  | { kind: 'handover-young-adult'; firstName: string; link: string }
  | { kind: 'handover-guardian'; firstName: string }
  | { kind: 'handover-ended'; firstName: string }
  // Report shares (issue 36 item 5). `url` holds the share's key: it goes in the email only.
  | { kind: 'report-share'; person: string; path: string; url: string; expiresOn: string; pin: boolean }
  | { kind: 'share-locked'; maxWrongPins: number }
  // Staff accounts (issue 34 item 15). `link` holds the invitation's token: it goes in the email only.
  | { kind: 'staff-invitation'; roles: readonly string[]; link: string; ttlDays: number }
  | {
      kind: 'staff-roles';
      by: string;
      before: readonly StaffRole[];
      after: readonly StaffRole[];
      supportEmail: string;
    }
  | { kind: 'staff-enabled'; by: string; roles: readonly StaffRole[]; supportEmail: string }
  // A candidate the study team imported (issue 34 item 18): `unsubscribeLink` holds the candidate's token.
  | {
      kind: 'candidate-invitation';
      title: string;
      /** The consent page's path in the portal, when the recruitment asks for consent. */
      consentPath: string | null;
      unsubscribeLink: string;
    };
export type NotificationKind = NotificationInput['kind'];

/** A notification's words: the inbox's subject and body, the email's paragraphs, and its one action. */
export type NotificationText = {
  category: NotificationCategory;
  subject: string;
  /** One or two sentences for the inbox. */
  body: string;
  /** The email's paragraphs after the greeting. */
  paragraphs: string[];
  /**
   * The page where the person acts: a path of the portal, and the label of the button. `emailUrl` is the
   * email's link when it carries a secret (a token, a share's key): it is sent, never stored.
   */
  action: { label: string; path: string; emailUrl?: string } | null;
  /** The email starts with its first paragraph, not "Hi {name},". */
  noGreeting?: true;
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
    case 'order-refund': {
      const t = REFUND_MAIL_TEXTS;
      const r = input.refund;
      const refunded = t.refunded(r.amountCents, r.number);
      return {
        category: 'ORDERS',
        subject: r.full ? t.subject(brand, r.number) : t.partialSubject(brand, r.number),
        body: refunded,
        paragraphs: [
          refunded,
          ...(r.refundedCents !== r.amountCents ? [t.total(r.refundedCents, r.paidCents)] : []),
          t.bankTime,
          ...(r.cancelledKits > 0 ? [t.kitsCancelled(r.cancelledKits)] : []),
          ...(r.full && r.sentKits > 0 ? [t.kitsKept] : []),
          t.contact(input.supportEmail),
        ],
        action: { label: 'See my kits', path: '/kits' },
      };
    }
    case 'consent-decision': {
      const t = CONSENT_DECISION_MAIL_TEXTS;
      const action = { label: 'Open My Profile', path: '/profile' };
      if (input.approve)
        return {
          category: 'CONSENT',
          subject: t.approvedSubject(brand),
          body: t.approved,
          paragraphs: [t.approved, t.contact(input.supportEmail)],
          action,
        };
      const reason = `“${input.reason ?? ''}”`;
      return {
        category: 'CONSENT',
        subject: t.declinedSubject(brand),
        body: `${t.declined} ${reason}`,
        paragraphs: [t.declined, reason, t.again, t.contact(input.supportEmail)],
        action,
      };
    }
    case 'kit-replacement': {
      const t = REPLACEMENT_MAIL_TEXTS;
      const ordered = t.ordered(input.failedKitId, input.kitId);
      return {
        category: 'ORDERS',
        subject: t.subject(brand),
        body: ordered,
        paragraphs: [ordered, input.sent ? t.sent : t.choose, t.contact(input.supportEmail)],
        action: { label: 'See my kits', path: '/kits' },
      };
    }
    case 'document-change': {
      const M = CONSENT_LEDGER_MAIL;
      const paragraphs = (input.material ? M.material : M.minor)(input.title, input.version, input.summary);
      return {
        category: 'CONSENT',
        subject: input.material ? M.materialSubject(input.title) : M.minorSubject(input.title),
        body: paragraphs[0] ?? '',
        paragraphs,
        action: { label: M.action, path: '/profile#your-consents' },
        noGreeting: true,
      };
    }
    case 'handover-young-adult': {
      const paragraphs = HANDOVER_MAIL.youngAdult(input.firstName);
      return {
        category: 'ACCOUNT',
        subject: HANDOVER_MAIL.youngAdultSubject(input.firstName),
        body: paragraphs[0] ?? '',
        paragraphs,
        action: { label: HANDOVER_MAIL.action, path: '/turned-18', emailUrl: input.link },
        noGreeting: true,
      };
    }
    case 'handover-guardian': {
      const paragraphs = HANDOVER_MAIL.guardian(input.firstName);
      return {
        category: 'ACCOUNT',
        subject: HANDOVER_MAIL.guardianSubject(input.firstName),
        body: paragraphs.join(' '),
        paragraphs,
        action: null,
        noGreeting: true,
      };
    }
    case 'handover-ended': {
      const paragraphs = HANDOVER_MAIL.ended(input.firstName);
      return {
        category: 'ACCOUNT',
        subject: HANDOVER_MAIL.endedSubject(input.firstName),
        body: paragraphs.join(' '),
        paragraphs,
        action: null,
        noGreeting: true,
      };
    }
    case 'report-share': {
      const t = REPORT_SHARE_MAIL_TEXTS;
      const shared = t.shared(input.person, brand);
      return {
        category: 'DATA_RIGHTS',
        subject: t.subject(input.person),
        body: shared,
        paragraphs: [
          shared,
          t.until(input.expiresOn, input.person),
          ...(input.pin ? [t.pin(input.person)] : []),
        ],
        action: { label: t.action, path: input.path, emailUrl: input.url },
      };
    }
    case 'share-locked': {
      const t = REPORT_SHARE_MAIL_TEXTS;
      const locked = t.locked(input.maxWrongPins);
      return {
        category: 'ACCOUNT',
        subject: t.lockedSubject,
        body: locked,
        paragraphs: [locked, t.lockedWhy],
        action: { label: t.lockedAction, path: '/reports/shares' },
      };
    }
    case 'staff-invitation': {
      const t = STAFF_ACCOUNT_MAIL_TEXTS;
      const invited = t.invited(brand, input.roles);
      return {
        category: 'ACCOUNT',
        subject: t.invitationSubject(brand),
        body: invited,
        paragraphs: [invited, t.invitationSetUp, t.invitationExpires(input.ttlDays)],
        action: { label: t.invitationAction, path: '/staff/invitation', emailUrl: input.link },
      };
    }
    case 'staff-roles': {
      const t = STAFF_ACCOUNT_MAIL_TEXTS;
      const changed = t.rolesChanged(input.by);
      const now = t.rolesNow(staffRolesText(input.after));
      return {
        category: 'ACCOUNT',
        subject: t.rolesSubject(brand),
        body: `${changed} ${now}`,
        paragraphs: [changed, now, t.rolesBefore(staffRolesText(input.before)), t.notYou(input.supportEmail)],
        action: { label: t.consoleAction, path: '/staff' },
      };
    }
    case 'staff-enabled': {
      const t = STAFF_ACCOUNT_MAIL_TEXTS;
      const enabled = t.enabled(input.by);
      const now = t.rolesNow(staffRolesText(input.roles));
      return {
        category: 'ACCOUNT',
        subject: t.enabledSubject(brand),
        body: `${enabled} ${now}`,
        paragraphs: [enabled, now, t.enabledSignIn, t.notYou(input.supportEmail)],
        action: { label: t.consoleAction, path: '/staff' },
      };
    }
    case 'candidate-invitation': {
      const t = CANDIDATE_INVITATION_MAIL_TEXTS;
      const invited = t.invited(input.title);
      return {
        category: 'CONSENT',
        subject: t.subject(brand, input.title),
        body: invited,
        paragraphs: [
          invited,
          input.consentPath ? t.consent : t.noConsent,
          t.unsubscribe(input.unsubscribeLink),
        ],
        action: input.consentPath ? { label: t.action, path: input.consentPath } : null,
      };
    }
  }
}

/** The email a customer gets when staff refund (part of) an order (issue 34 item 12). */
export const REFUND_MAIL_TEXTS = {
  subject: (brand: string, number: string) => `Your ${brand} order ${number} has been refunded`,
  partialSubject: (brand: string, number: string) =>
    `Part of your ${brand} order ${number} has been refunded`,
  refunded: (cents: number, number: string) =>
    `We have refunded $${formatMoney(cents)} AUD of your order ${number} to the card you paid with.`,
  total: (refundedCents: number, paidCents: number) =>
    `In all, $${formatMoney(refundedCents)} of the $${formatMoney(paidCents)} you paid has been refunded.`,
  bankTime: 'Your bank usually shows the refund within 5 to 10 business days.',
  kitsCancelled: (count: number) =>
    count === 1
      ? 'The kit of this order that had not been sent yet is cancelled.'
      : `The ${count} kits of this order that had not been sent yet are cancelled.`,
  kitsKept: 'A kit we have already sent you stays yours.',
  contact: (supportEmail: string) =>
    `If you have a question about this refund, write to us at ${supportEmail}.`,
} as const;

/** The email a family gets when staff decide the signed parental consent form (issue 34 item 12). */
export const CONSENT_DECISION_MAIL_TEXTS = {
  approvedSubject: (brand: string) => `Your ${brand} parental consent form is approved`,
  approved:
    'We have reviewed the signed parental consent form and approved it. Results can now be shown in the portal.',
  declinedSubject: (brand: string) => `Your ${brand} parental consent form needs another look`,
  declined: 'We have reviewed the signed parental consent form and could not accept it, for this reason:',
  again:
    'Please send us a new signed form: upload it in My Profile, where you can also read this reason again.',
  contact: (supportEmail: string) => `If you have a question, write to us at ${supportEmail}.`,
} as const;

/** The email a customer gets when support orders a replacement kit for them (issue 34 item 12). */
export const REPLACEMENT_MAIL_TEXTS = {
  subject: (brand: string) => `We have ordered a replacement ${brand} kit for you`,
  ordered: (failedKitId: number, kitId: number) =>
    `The lab could not analyse the sample of KIT-${failedKitId}, so we have ordered a replacement kit for you, KIT-${kitId}, free of charge.`,
  sent: 'We will send it to the address your first kit went to. It usually arrives in 3-6 business days.',
  choose: 'Choose "Send this kit to me now" in My Kits when you are ready for it.',
  contact: (supportEmail: string) => `If you have a question, write to us at ${supportEmail}.`,
} as const;

/** A report link emailed to the practitioner a person chose, and its owner told of a locked link (issue 36 item 5). */
export const REPORT_SHARE_MAIL_TEXTS = {
  subject: (person: string) => `${person} shared their microbiome report with you`,
  shared: (person: string, brand: string) =>
    `${person} has shared their ${brand} microbiome report with you. The link opens a read-only view of the report and its PDF; no account is needed.`,
  until: (expiresOn: string, person: string) =>
    `The link works until ${expiresOn}, and ${person} can take it back at any time.`,
  pin: (person: string) => `It asks for a 6-digit PIN, which ${person} will give you separately.`,
  action: 'Open the report',
  lockedSubject: 'One of your share links was locked',
  locked: (maxWrongPins: number) =>
    `Someone entered a wrong PIN ${maxWrongPins} times on a link you shared of your microbiome report, so the link is locked for an hour.`,
  lockedWhy:
    'If you gave the link to a practitioner, they may have mistyped the PIN. If you do not expect anyone to be opening it, take the link back from your reports page.',
  lockedAction: 'See your share links',
} as const;

/**
 * The emails a staff member gets (issue 34 item 15): their invitation, their roles changed, or their
 * account enabled again by an administrator.
 */
export const STAFF_ACCOUNT_MAIL_TEXTS = {
  invitationSubject: (brand: string) => `Your ${brand} staff account`,
  invited: (brand: string, roles: readonly string[]) =>
    `You have been invited to the ${brand} staff console (${roles.join(', ')}).`,
  invitationSetUp:
    'Choose a password with the link below, then set up an authenticator app on your phone: the console asks for its code each time you sign in.',
  invitationExpires: (days: number) => `The link works once and expires in ${days} days.`,
  invitationAction: 'Set up my staff account',
  rolesSubject: (brand: string) => `Your ${brand} staff roles have changed`,
  rolesChanged: (by: string) => `${by} changed your roles in the staff console.`,
  rolesNow: (roles: string) => `Your roles are now: ${roles}.`,
  rolesBefore: (roles: string) => `Before, they were: ${roles}.`,
  enabledSubject: (brand: string) => `Your ${brand} staff account is enabled again`,
  enabled: (by: string) => `${by} enabled your staff account again.`,
  enabledSignIn:
    'Sign in with your password and your authenticator app as before. If you no longer have your phone, ask an administrator to remove your authenticator app so you can set up a new one.',
  notYou: (supportEmail: string) =>
    `If you did not expect this, tell an administrator or write to ${supportEmail}.`,
  consoleAction: 'Open the staff console',
} as const;

const staffRolesText = (roles: readonly StaffRole[]) =>
  roles.length ? roles.map((role) => STAFF_ROLE_TEXT[role].label).join(', ') : 'none';

/** The invitation a candidate imported by the study team gets (issue 34 item 18). */
export const CANDIDATE_INVITATION_MAIL_TEXTS = {
  subject: (brand: string, title: string) => `You are invited to take part in ${title} (${brand})`,
  invited: (title: string) => `The study team invites you to take part in ${title}.`,
  consent:
    'Please read the study information and give your answer with the link below. It takes a few minutes.',
  noConsent: 'The study team will send you the study information soon.',
  /** The same words close a study mail-out to candidates. */
  unsubscribe: MAILOUT_TEXTS.candidateUnsubscribe,
  action: 'Read and answer',
} as const;
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
export const notificationEmailParagraphs = (text: NotificationText, firstName: string | null) =>
  text.noGreeting ? text.paragraphs : [mailGreeting(firstName), ...text.paragraphs];

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
