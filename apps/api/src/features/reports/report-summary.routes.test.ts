import { type BuildReport, STATEMENTS } from '@portal/domain/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResults, surveyAnswers } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  importResults,
  kitAtLab,
  kitWithResults,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { REPORT_SHAPE } from './report-explanations.ts';

const SRR = reportProfile('gmwi2/SRR1761667_metaphlan.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function read(user: { accessToken: string }, sample: string) {
  const response = await t.app.inject({ url: `/api/reports/${sample}`, headers: bearer(user.accessToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().report as BuildReport;
}

describe('the at-a-glance summary (issue 37)', () => {
  it('is computed at import and stored with the report; the read carries it with the protocol', async () => {
    const user = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, user.email, SRR, { displayDate: '2026-03-01' });
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    const stored = row?.report as BuildReport;
    expect(stored.summary.interpretable).toBe(true);
    const report = await read(user, kit.sampleIdentifier);
    expect(report.summary).toEqual(stored.summary);
    expect(report.summary.findings.map((f) => f.key)).toEqual(['richness', 'gmwi2', 'shannon', 'gmhi']);
    for (const finding of report.summary.findings) expect(STATEMENTS).toHaveProperty(finding.means);
    expect(report.summary.findings[1]?.found).toBe('Your GMWI2 score is 1.40, above zero.');
    expect(report.protocol).toEqual({
      profiler: 'MetaPhlAn 3',
      database: 'mpa_v30_CHOCOPhlAn_201901',
      analysedOn: row?.createdAt.toISOString().slice(0, 10),
      rulesVersion: '2',
    });
    expect(report.diversity.richness.range).toMatchObject({ low: 0, couldBeEither: true });
  });

  it('says what changed meaningfully since the person’s previous sample (Subj034, time 1 then time 2)', async () => {
    const user = await signedInUser(t.app);
    const first = await kitWithResults(
      t.app,
      user.email,
      reportProfile('gmwi2/kefir/Subj034_time1_S24_metaphlan.txt'),
      { displayDate: '2026-03-01' },
    );
    const second = await kitWithResults(
      t.app,
      user.email,
      reportProfile('gmwi2/kefir/Subj034_time2_S25_metaphlan.txt'),
      { displayDate: '2026-06-01' },
    );
    const earlier = await read(user, first.sampleIdentifier);
    expect(earlier.summary.findings.map((f) => f.key)).not.toContain('change');
    const later = await read(user, second.sampleIdentifier);
    // 117 → 44 species (−73, beyond 59), inverse Simpson down beyond 6.55, GMWI2 −1.97 → −0.36 (+1.61,
    // beyond 1.49); Shannon, evenness and GMHI moved less than their coefficients.
    expect(later.summary.findings.find((f) => f.key === 'change')).toEqual({
      key: 'change',
      found:
        'Since your sample of 1 March 2026, your species count went down, your inverse Simpson went down and your GMWI2 score went up.',
      means: 'change.meaningful',
      couldBeEither: false,
      section: 'report-journey',
    });
  });

  it('puts “talk to your GP” first when the kit’s answers say there was blood in the sample', async () => {
    const user = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, user.email);
    await t.database.db.insert(surveyAnswers).values({
      kitId: kit.id,
      surveyType: 'STOOL_SAMPLE',
      questionId: 'STOOL_BLOOD_VISIBLE',
      answers: [],
      answerString: 'true',
      definitionVersion: 1,
    });
    const imported = await importResults(t.app, kit.sampleIdentifier, SRR, '2026-03-01');
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await read(user, kit.sampleIdentifier)).summary.gpFirst).toBe(true);

    const other = await kitWithResults(t.app, user.email, SRR, { displayDate: '2026-03-02' });
    expect((await read(user, other.sampleIdentifier)).summary).not.toHaveProperty('gpFirst');
  });

  it('is computed on the first read of a report stored before it, and saved (shape 1 → 2)', async () => {
    const user = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, user.email, SRR, { displayDate: '2026-03-01' });
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    if (!row) throw new Error('the imported row');
    const { summary: _s, protocol: _p, ...older } = row.report as BuildReport;
    await t.database.db
      .update(labResults)
      .set({ report: older, reportText: JSON.stringify(older), reportShape: 1 })
      .where(eq(labResults.kitId, kit.id));

    const report = await read(user, kit.sampleIdentifier);
    expect(report.summary.findings).toHaveLength(4);
    // The day of analysis is the import's, not the day of the rebuild.
    expect(report.protocol.analysedOn).toBe(row?.createdAt.toISOString().slice(0, 10));
    const [after] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(after?.reportShape).toBe(REPORT_SHAPE);
    expect((after as { report: BuildReport }).report.summary).toEqual(report.summary);
    expect(JSON.parse(after?.reportText ?? '{}').summary).toEqual(report.summary);
  });
});
