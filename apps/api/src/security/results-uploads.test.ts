import { REPORT_MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { labResults } from '../db/schema/index.ts';
import {
  asStaff,
  ownedKit,
  SEQUENCED,
  tokensOfEveryRole,
} from '../features/staff-kits/staff-kits.test-helpers.ts';
import { UNTRUSTED_FILE_LIMITS } from '../lib/untrusted-files.ts';
import { createTestApp, kitAtLab, ops, reportProfile, signedInUser, type TestApp } from '../test/helpers.ts';

/**
 * The lab's results files are read within the same limits as every upload (issue 32): on a reading
 * thread with a deadline and a heap limit, never on the server's thread. A file that outruns them is
 * refused with a message the lab can act on, and nothing is stored. The deadline is set to nothing here,
 * so any profile outruns it: on the server's own thread the same profile would be scored and stored.
 */
const PROFILE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');

let t: TestApp;
let lab: ReturnType<typeof asStaff>;
const { timeoutMs } = UNTRUSTED_FILE_LIMITS;

beforeAll(async () => {
  t = await createTestApp();
  lab = asStaff(t.app, (await tokensOfEveryRole(t.app)).LAB);
});
afterAll(() => t.close());
afterEach(() => {
  UNTRUSTED_FILE_LIMITS.timeoutMs = timeoutMs;
});

const storedResults = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(labResults))[0]?.n;

describe('results files past the reading limits', () => {
  it('are refused in the staff preview and store, one by one, and nothing is stored', async () => {
    const kit = await ownedKit(t.app, SEQUENCED);
    const profiles = [{ fileName: `${kit.sampleIdentifier}_metaphlan.txt`, text: PROFILE }];
    const before = await storedResults();
    UNTRUSTED_FILE_LIMITS.timeoutMs = 0;

    const preview = await lab.post('/api/staff/results/preview', { profiles });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().items).toMatchObject([{ scores: null, refusal: REPORT_MESSAGES.unreadable }]);
    const store = await lab.post('/api/staff/results', { profiles });
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json().items).toEqual([
      { sampleIdentifier: kit.sampleIdentifier, stored: false, refusal: REPORT_MESSAGES.unreadable },
    ]);
    expect(await storedResults()).toBe(before);

    UNTRUSTED_FILE_LIMITS.timeoutMs = timeoutMs;
    const again = await lab.post('/api/staff/results', { profiles });
    expect(again.json().items[0]).toMatchObject({ stored: true, refusal: null });
  });

  it('are refused by the lab API (ops results:import) with a 400, and nothing is stored', async () => {
    const person = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, person.email);
    UNTRUSTED_FILE_LIMITS.timeoutMs = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results',
      headers: ops,
      payload: { sampleIdentifier: kit.sampleIdentifier, profile: PROFILE },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(REPORT_MESSAGES.unreadable);
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(row).toBeUndefined();
  });
});
