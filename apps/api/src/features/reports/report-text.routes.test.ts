import { buildReport, parseMetaphlanProfile } from '@portal/domain/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResults } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  kitWithResults,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { oneReportSchema } from './reports.routes.ts';

const SRR = reportProfile('gmwi2/SRR1761667_metaphlan.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const imported = (email: string) => kitWithResults(t.app, email, SRR, { displayDate: '2026-03-01' });

describe('the report as stored text', () => {
  it('is written at import beside the jsonb, and the read sends exactly that text', async () => {
    const user = await signedInUser(t.app);
    const kit = await imported(user.email);
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(row?.reportText).toBeTruthy();
    expect(JSON.parse(row?.reportText ?? '')).toEqual(row?.report);
    const read = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(user.accessToken),
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(`"report":${row?.reportText}}`);
    // The text skips the serializer: the body is checked against the route's response schema here, and the
    // report against what buildReport makes today.
    const body = oneReportSchema.strict().parse(read.json());
    expect(body).toMatchObject({
      kitId: kit.id,
      sampleIdentifier: kit.sampleIdentifier,
      displayDate: '2026-03-01',
    });
    const analysedOn = row?.createdAt.toISOString().slice(0, 10);
    expect(body.report).toEqual(
      JSON.parse(JSON.stringify(buildReport(parseMetaphlanProfile(SRR), { analysedOn }))),
    );
  });

  it('still reads a report stored before the text column (converted from the jsonb)', async () => {
    const user = await signedInUser(t.app);
    const kit = await imported(user.email);
    await t.database.db.update(labResults).set({ reportText: null }).where(eq(labResults.kitId, kit.id));
    const read = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(user.accessToken),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().report.indices.gmwi2.value).toBeCloseTo(1.4017773651306447, 9);
  });
});
