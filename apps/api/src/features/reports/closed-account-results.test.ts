import { REPORT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureRequests, labResults, users } from '../../db/schema/index.ts';
import { createTestApp, ops, reportProfile, type TestApp } from '../../test/helpers.ts';
import { AT_LAB, asStaff, ownedKit, tokensOfEveryRole } from '../staff-kits/staff-kits.test-helpers.ts';

const PROFILE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A kit at the lab whose owner has asked to close the account. */
async function closedOwnersKit() {
  const kit = await ownedKit(t.app, AT_LAB);
  const [owner] = await t.database.db.select().from(users).where(eq(users.email, kit.ownerEmail));
  if (!owner) throw new Error('no owner');
  await t.database.db
    .insert(closureRequests)
    .values({ userId: owner.id, scope: 'RESEARCH', requestedBy: 'PERSON', emailHash: 'test' });
  return kit;
}

describe('results for a closed account', () => {
  it("are refused in the console's preview with the reason, before anything is stored", async () => {
    const kit = await closedOwnersKit();
    const lab = asStaff(t.app, (await tokensOfEveryRole(t.app)).LAB);
    const res = await lab.post('/api/staff/results/preview', {
      profiles: [{ fileName: `${kit.sampleIdentifier}.txt`, text: PROFILE }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].refusal).toBe(REPORT_MESSAGES.accountClosed(kit.sampleIdentifier));
  });

  it('are refused with the reason, and nothing is stored', async () => {
    const kit = await closedOwnersKit();
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
