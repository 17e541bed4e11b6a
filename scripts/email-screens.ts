/**
 * A screenshot of every email template (issue 35 item 5): each is rendered with sample words by the
 * real template functions and MJML layout, opened in Chromium at 600 px (a mail client's reading pane)
 * and 390 px (a phone), and saved as docs/screens/emails/<name>-<width>.png, with an index.html.
 *
 *   npm run screens:emails [-- FOLDER]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLOSURE_TEXTS,
  EMAIL_CATEGORY_TEXT,
  isOptionalCategory,
  type NotificationInput,
  type NotificationKind,
  notificationText,
} from '@portal/domain';
import { chromium } from 'playwright-core';
import { notificationMail } from '../apps/api/src/adapters/mail/notification-mail.ts';
import type { MailMessage } from '../apps/api/src/adapters/mail/outbox.ts';
import {
  accountExistsMail,
  compose,
  parentConsentMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../apps/api/src/adapters/mail/templates.ts';
import { coachBookingMail } from '../apps/api/src/features/coach/coach-mail.ts';
import { exportReadyMail } from '../apps/api/src/features/data-rights/export-mail.ts';
import { kitGiftMail } from '../apps/api/src/features/kits/kit-mail.ts';
import { receiptMail, renewalFailedMail, renewalMail } from '../apps/api/src/features/orders/order-mail.ts';
import { lockedMail } from '../apps/api/src/features/staff/second-factor-lock.ts';
import { studyMailoutMessage } from '../apps/api/src/features/staff-studies/mailouts.service.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.resolve(root, process.argv[2] ?? 'docs/screens/emails');

const ctx = {
  brand: 'Microbiome Lab',
  publicUrl: 'https://portal.microbiomelab.com.au',
  supportEmail: 'support@microbiomelab.com.au',
};
const ann = { email: 'ann@example.com', firstName: 'Ann' };
const kit = {
  id: 7,
  name: 'Ann’s first kit',
  sampleIdentifier: 'S-240117',
  kitStatus: 'DISPATCHED_BY_LAB',
  sampleStatus: null,
};

// Every message of the notification centre (packages/domain's notifications.ts) as its email: the type
// asks for one sample of each kind, so a new kind cannot go without its screenshot.
const samples: { [K in NotificationKind]: Extract<NotificationInput, { kind: K }> } = {
  'kit-requested': { kind: 'kit-requested', kit },
  'kit-dispatched': { kind: 'kit-dispatched', kit },
  'sample-received': { kind: 'sample-received', kit, reportComing: true },
  'sample-failed': { kind: 'sample-failed', kit, supportEmail: ctx.supportEmail },
  'results-available': { kind: 'results-available', kit },
  'results-retracted': { kind: 'results-retracted', kit },
  'reminder-questionnaires': { kind: 'reminder-questionnaires', kit, step: 1 },
  'reminder-sample-return': { kind: 'reminder-sample-return', kit },
  'reminder-parental-consent': { kind: 'reminder-parental-consent' },
  'reminder-coach': { kind: 'reminder-coach', kit },
  'order-refund': {
    kind: 'order-refund',
    refund: {
      number: 'ML-10042',
      amountCents: 34900,
      refundedCents: 34900,
      paidCents: 34900,
      full: true,
      cancelledKits: 1,
      sentKits: 0,
    },
    supportEmail: ctx.supportEmail,
  },
  'consent-decision': {
    kind: 'consent-decision',
    approve: false,
    reason: 'The form is not signed. Please sign page 2 and upload it again.',
    supportEmail: ctx.supportEmail,
  },
  'kit-replacement': {
    kind: 'kit-replacement',
    failedKitId: 7,
    kitId: 12,
    sent: true,
    supportEmail: ctx.supportEmail,
  },
  'document-change': {
    kind: 'document-change',
    material: true,
    title: 'Privacy policy',
    version: '2026-12',
    summary: 'Your samples may now be kept for 10 years instead of 5, if you agree.',
  },
  'handover-young-adult': {
    kind: 'handover-young-adult',
    firstName: 'Sam',
    link: `${ctx.publicUrl}/handover?token=…`,
  },
  'handover-guardian': { kind: 'handover-guardian', firstName: 'Sam' },
  'handover-ended': { kind: 'handover-ended', firstName: 'Sam' },
  'report-share': {
    kind: 'report-share',
    person: 'Dr Lee',
    path: '/reports/S-240117',
    url: `${ctx.publicUrl}/shared/…`,
    expiresOn: '12 January 2027',
    pin: true,
  },
  'share-locked': { kind: 'share-locked', maxWrongPins: 5 },
  'staff-invitation': {
    kind: 'staff-invitation',
    roles: ['STUDY'],
    link: `${ctx.publicUrl}/staff/invitation?token=…`,
    ttlDays: 7,
  },
  'staff-roles': {
    kind: 'staff-roles',
    by: 'Jo Admin',
    before: ['SUPPORT'],
    after: ['SUPPORT', 'LOGISTICS'],
    supportEmail: ctx.supportEmail,
  },
  'staff-enabled': { kind: 'staff-enabled', by: 'Jo Admin', roles: ['LAB'], supportEmail: ctx.supportEmail },
  'candidate-invitation': {
    kind: 'candidate-invitation',
    title: 'Gut Health Study',
    consentPath: '/recruitment/gut-health/consent',
    unsubscribeLink: `${ctx.publicUrl}/email-unsubscribe?token=…`,
  },
};
// As notify() sends them: the unsubscribe footer only on a category a person can switch off.
const notes = Object.fromEntries(
  Object.entries(samples).map(([name, input]) => {
    const text = notificationText(input, ctx.brand);
    return [
      name,
      isOptionalCategory(text.category)
        ? notificationMail(ctx, ann, text, {
            label: EMAIL_CATEGORY_TEXT[text.category].label,
            url: `${ctx.publicUrl}/email-unsubscribe?token=…`,
          })
        : notificationMail(ctx, ann, text),
    ];
  }),
);

const templates: Record<string, MailMessage> = {
  ...notes,
  'verify-email': verifyEmailMail(ctx, ann.email, 'Ann', 'token'),
  'password-reset': resetPasswordMail(ctx, ann.email, 'Ann', 'token'),
  'account-exists': accountExistsMail(ctx, ann.email, 'Ann'),
  'parent-consent': parentConsentMail(ctx, 'parent@example.com', 'Sam'),
  'kit-gift': kitGiftMail(ctx, 'friend@example.com', 'Ann', 'ABCD-EFGH'),
  'order-receipt': receiptMail(ctx, ann, {
    number: 'ML-10042',
    lines: [{ label: '{product} gut microbiome kit', quantity: 1, unitCents: 34900, totalCents: 34900 }],
    subtotalCents: 34900,
    discountCents: 0,
    totalCents: 34900,
  }),
  renewal: renewalMail(ctx, ann, 'Every 6 months', 29900),
  'renewal-failed': renewalFailedMail(ctx, ann, 'Every 6 months'),
  'coach-booking': coachBookingMail(
    ctx,
    ann,
    { id: 1, startsAt: new Date('2026-12-01T00:00:00Z') },
    kit.name,
  ),
  'export-ready': exportReadyMail(ctx, ann),
  'closure-confirmation': compose(
    ctx,
    ann.email,
    CLOSURE_TEXTS.mailSubject(ctx.brand),
    CLOSURE_TEXTS.mailBody('Ann', 'EVERYTHING'),
  ),
  'staff-security': lockedMail(
    { config: { publicUrl: ctx.publicUrl } } as never,
    ctx,
    'kim@example.com',
    'Kim',
  ),
  'study-mailout': studyMailoutMessage(
    ctx,
    {
      subject: 'Thank you from the Gut Health Study',
      body: 'Thank you for taking part in the Gut Health Study.\n\nWe have now received samples from 1,200 participants. The first results will be shared at our open evening in March.',
    },
    `${ctx.publicUrl}/email-unsubscribe?token=…`,
  ),
};

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const index: string[] = [];
try {
  for (const width of [600, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    // The portal's icon from the web app; nothing else is fetched.
    const icon = fs.readFileSync(path.join(root, 'apps/web/public/icon-192.png'));
    await page.route('**/*', (route) =>
      route.request().url().endsWith('/icon-192.png')
        ? route.fulfill({ body: icon, contentType: 'image/png' })
        : route.abort(),
    );
    for (const [name, message] of Object.entries(templates)) {
      await page.setContent(message.html, { waitUntil: 'load' });
      const file = `${name}-${width}.png`;
      await page.screenshot({ path: path.join(out, file), fullPage: true });
      if (width === 600)
        index.push(
          `<figure><figcaption>${name}: ${escapeText(message.subject)}</figcaption><img src="${file}" alt="The ${name} email at 600 px" width="300" loading="lazy"></figure>`,
        );
    }
    await page.close();
  }
} finally {
  await browser.close();
}
fs.writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Email templates</title><style>body{font-family:sans-serif;display:flex;flex-wrap:wrap;gap:16px}figure{margin:0}</style>${index.join('\n')}`,
);
console.log(`${Object.keys(templates).length} templates at 600 and 390 px → ${path.relative(root, out)}`);

function escapeText(text: string) {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
