import { unregisteredInterpretations } from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import {
  kitDispatchedMail,
  kitGiftMail,
  kitRequestedMail,
  resultsAvailableMail,
  sampleFailedMail,
  sampleReceivedMail,
} from './kit-mail.ts';

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
    const mails = [
      kitRequestedMail(ctx, to, kit),
      kitDispatchedMail(ctx, to, kit),
      sampleReceivedMail(ctx, to, kit),
      sampleReceivedMail(ctx, to, kit, false),
      sampleFailedMail(ctx, to, kit),
      resultsAvailableMail(ctx, to, kit),
      kitGiftMail(ctx, 'bo@example.com', 'Ada', 'VOUCHER1'),
    ];
    for (const mail of mails) expect(unregisteredInterpretations(JSON.stringify(mail))).toEqual([]);
  });
});
