import { REPORT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureRequests, labResults, users } from '../../db/schema/index.ts';
import { createTestApp, ops, reportProfile, type TestApp } from '../../test/helpers.ts';
import { AT_LAB, ownedKit } from '../staff-kits/staff-kits.test-helpers.ts';

const PROFILE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('results for a closed account', () => {
  it('are refused with the reason, and nothing is stored', async () => {
    const kit = await ownedKit(t.app, AT_LAB);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, kit.ownerEmail));
    if (!owner) throw new Error('no owner');
    await t.database.db
      .insert(closureRequests)
      .values({ userId: owner.id, scope: 'RESEARCH', requestedBy: 'PERSON', emailHash: 'test' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results',
      headers: ops,
      payload: { sampleIdentifier: kit.sampleIdentifier, profile: PROFILE },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REPORT_MESSAGES.accountClosed(kit.sampleIdentifier));
    expect(await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id))).toEqual([]);
  });
});
