import { type NotificationInput, notificationText } from '@portal/domain';
import { uncoveredText } from '@portal/domain/report/text-coverage';
import { describe, expect, it } from 'vitest';
import { notificationMail } from '../../adapters/mail/notification-mail.ts';

/*
 * Issue 37 item 2, in the emails about kits, samples and results: every text of each email (subject,
 * plain-text part, and the words of the HTML part) is a registry statement, a plain text listed on purpose
 * (packages/domain/src/report/plain-texts.ts) or the person's data. None of them interprets a value today;
 * one that starts to fails here until its sentence is put in the registry or listed as plain.
 */

const ctx = { brand: 'Gut Portal', publicUrl: 'https://portal.example', supportEmail: 'help@portal.example' };
const to = { email: 'ada@example.com', firstName: 'Ada' };
const kit = {
  id: 7,
  name: 'Spring kit',
  sampleIdentifier: 'S7',
  kitStatus: 'DISPATCHED_BY_LAB',
  sampleStatus: null,
};
const DATA = [ctx.brand, ctx.publicUrl, ctx.supportEmail, to.firstName, kit.name, kit.sampleIdentifier];

/** Every notification about a kit, its sample or its report. */
const INPUTS: NotificationInput[] = [
  { kind: 'kit-requested', kit },
  { kind: 'kit-dispatched', kit },
  { kind: 'sample-received', kit, reportComing: true },
  { kind: 'sample-received', kit, reportComing: false },
  { kind: 'sample-failed', kit, supportEmail: ctx.supportEmail },
  {
    kind: 'sample-failed',
    kit: { ...kit, sampleStatus: 'FAILED_OVERLOADED' },
    supportEmail: ctx.supportEmail,
  },
  { kind: 'results-available', kit },
  { kind: 'results-retracted', kit },
  { kind: 'reminder-questionnaires', kit, step: 1 },
  { kind: 'reminder-questionnaires', kit, step: 2 },
  { kind: 'reminder-sample-return', kit },
  { kind: 'reminder-coach', kit },
  {
    kind: 'report-share',
    person: 'Ada',
    path: '/shared/abc',
    url: 'https://portal.example/shared/abc#key',
    expiresOn: '1 July 2026',
    pin: true,
  },
];

/** The words a reader sees in the HTML part: its tags, styles and entities taken out. */
const wordsOfHtml = (html: string) =>
  html
    .replace(/<head[\s\S]*?<\/head>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ');

function mailsOf(input: NotificationInput) {
  const text = notificationText(input, ctx.brand);
  const links = text.action ? [text.action.emailUrl ?? `${ctx.publicUrl}${text.action.path}`] : [];
  const unsubscribe = { label: 'Kit progress', url: 'https://portal.example/unsubscribe?t=1' };
  return [notificationMail(ctx, to, text), notificationMail(ctx, to, text, unsubscribe)].map((mail) => ({
    mail,
    data: [...DATA, ...links, unsubscribe.url, unsubscribe.label.toLowerCase(), unsubscribe.label],
  }));
}

describe('the emails about kits and results say nothing outside the registry and the plain list (issue 37)', () => {
  it.each(INPUTS.map((input, i) => [`${input.kind} ${i}`, input] as const))('%s', (_, input) => {
    for (const { mail, data } of mailsOf(input)) {
      expect(uncoveredText(`${mail.subject}\n${mail.text}`, data)).toEqual([]);
      expect(uncoveredText(wordsOfHtml(mail.html), data)).toEqual([]);
    }
  });

  it('would fail on a sentence that is in neither list', () => {
    const first = mailsOf({ kind: 'results-available', kit })[0];
    if (!first) throw new Error('one email');
    const added = 'Your results look healthy.';
    expect(uncoveredText(`${first.mail.text}\n${added}`, first.data)).toEqual([added]);
    expect(uncoveredText(`${added}\n${first.mail.text}`, first.data)).toEqual([added]);
  });
});
