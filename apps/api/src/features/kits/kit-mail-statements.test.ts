import { type NotificationInput, notificationText } from '@portal/domain';
import { unregisteredInterpretations } from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import { notificationMail } from '../../adapters/mail/notification-mail.ts';
import { kitGiftMail } from './kit-mail.ts';

const ctx = { brand: 'Gut Portal', publicUrl: 'https://portal.example', supportEmail: 'help@portal.example' };
const to = { email: 'ada@example.com', firstName: 'Ada' };
const kit = {
  id: 7,
  name: 'Spring kit',
  sampleIdentifier: 'S7',
  kitStatus: 'DISPATCHED_BY_LAB',
  sampleStatus: null,
};

describe('the emails about kits and results interpret no value outside the registry (issue 37)', () => {
  it('every one of them', () => {
    const inputs: NotificationInput[] = [
      { kind: 'kit-requested', kit },
      { kind: 'kit-dispatched', kit },
      { kind: 'sample-received', kit, reportComing: true },
      { kind: 'sample-received', kit, reportComing: false },
      { kind: 'sample-failed', kit, supportEmail: ctx.supportEmail },
      { kind: 'results-available', kit },
      { kind: 'reminder-questionnaires', kit, step: 1 },
      { kind: 'reminder-questionnaires', kit, step: 2 },
      { kind: 'reminder-sample-return', kit },
      { kind: 'reminder-coach', kit },
      { kind: 'reminder-parental-consent' },
    ];
    const mails = [
      ...inputs.map((input) => notificationMail(ctx, to, notificationText(input, ctx.brand))),
      kitGiftMail(ctx, 'bo@example.com', 'Ada', 'VOUCHER1'),
    ];
    for (const mail of mails) expect(unregisteredInterpretations(JSON.stringify(mail))).toEqual([]);
  });
});
