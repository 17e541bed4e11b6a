import { OUR_LAB } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { asStaff, DISPATCHED, ownedKit, receiptFor } from '../staff-kits/staff-kits.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Entry = { at: string; who: string; what: string };

describe('what our staff did on your account (issue 33 item 22)', () => {
  it('names each step on the person’s kit in plain words, and who took it', async () => {
    const owner = await signedInUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    // The operator key (the lab's automation) sends the kit; a lab member receives and processes it.
    const kit = await ownedKit(t.app, DISPATCHED, owner);
    const lab = await signedInStaff(t.app, ['LAB']);
    const staff = asStaff(t.app, lab.accessToken);
    expect((await staff.post('/api/staff/lab/receive', receiptFor(kit.sampleIdentifier))).statusCode).toBe(
      200,
    );
    const step = await staff.post('/api/staff/lab/steps', {
      codes: [kit.sampleIdentifier],
      sampleStatus: 'PROCESSING',
    });
    expect(step.statusCode, step.body).toBe(200);

    const res = await t.app.inject({ url: '/api/me/audit', headers: bearer(owner.accessToken) });
    expect(res.statusCode).toBe(200);
    const entries = (res.json().entries as Entry[]).map(({ who, what }) => [who, what]);
    expect(entries).toEqual([
      ['Sam', `The lab started processing your kit KIT-${kit.id}`],
      ['Sam', `Your kit KIT-${kit.id} was marked as received at the lab`],
      [OUR_LAB, `Your kit KIT-${kit.id} was sent to you`],
      [OUR_LAB, `Your kit KIT-${kit.id} is being packed`],
    ]);
    // A first name only: no surname, no email.
    expect(res.body).not.toContain(lab.email);
    expect(res.body).not.toContain('Changed a record about you');
  });
});
