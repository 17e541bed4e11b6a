import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResults } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  kefirSeries,
  kitWithResults,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';

/**
 * Decision 047: what the journey reads of a report (its six scores and its species) is stored beside it
 * at import, and the journey is one statement that checks the session too. A report stored before
 * migration 0036 has neither column and gives the same journey.
 */
const KEFIR = kefirSeries();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const journeyOf = (token: string) => t.app.inject({ url: '/api/reports/journey', headers: bearer(token) });

describe('the journey columns', () => {
  it("stores each report's six scores and species beside it at import", async () => {
    const person = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    const [row] = await t.database.db
      .select({
        report: labResults.report,
        journeyScores: labResults.journeyScores,
        journeySpecies: labResults.journeySpecies,
      })
      .from(labResults)
      .where(eq(labResults.kitId, kit.id));
    const report = row?.report as {
      diversity: Record<string, { value: number }>;
      indices: Record<string, { value: number | null }>;
      composition: { species: unknown[] };
    };
    expect(row?.journeyScores).toEqual({
      richness: report.diversity.richness?.value,
      shannon: report.diversity.shannon?.value,
      inverseSimpson: report.diversity.inverseSimpson?.value,
      evenness: report.diversity.evenness?.value,
      gmwi2: report.indices.gmwi2?.value,
      gmhi: report.indices.gmhi?.value,
    });
    expect(row?.journeySpecies).toEqual(report.composition.species);
  });

  it('gives the same journey for reports stored before the columns (read from the report)', async () => {
    const person = await signedInUser(t.app);
    const kits = [
      await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' }),
      await kitWithResults(t.app, person.email, KEFIR[1], { displayDate: '2026-04-01' }),
      await kitWithResults(t.app, person.email, KEFIR[2], { displayDate: '2026-07-01' }),
    ];
    const withColumns = await journeyOf(person.accessToken);
    expect(withColumns.statusCode, withColumns.body).toBe(200);
    expect(withColumns.json().points).toHaveLength(3);
    await t.database.db
      .update(labResults)
      .set({ journeyScores: null, journeySpecies: null })
      .where(
        inArray(
          labResults.kitId,
          kits.map((kit) => kit.id),
        ),
      );
    const withoutColumns = await journeyOf(person.accessToken);
    expect(withoutColumns.statusCode).toBe(200);
    expect(withoutColumns.json()).toEqual(withColumns.json());
  });

  it('refuses an ended session, as the guard did', async () => {
    const person = await signedInUser(t.app);
    await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: person.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const res = await journeyOf(person.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
