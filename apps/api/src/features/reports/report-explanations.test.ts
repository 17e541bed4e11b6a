import fs from 'node:fs';
import {
  INDEX_CAVEATS,
  INDEX_CITATIONS,
  PERCENTILE_CAVEATS,
  percentileExplanation,
} from '@portal/domain/report';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResults } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { REPORT_SHAPE } from './report-explanations.ts';

const MPA3 = fs.readFileSync(
  new URL('../../../../../packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt', import.meta.url),
  'utf8',
);

/** Migration 0018's second statement: the shape of each report stored before the column, from its keys. */
const CLASSIFY_SHAPES = fs
  .readFileSync(new URL('../../db/migrations/0018_report_shape.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')[1] as string;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

async function importedReport(email: string) {
  const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: ops, payload });
  const [kit] = (await admin('POST', '/api/admin/kits', { count: 1, ownerEmail: email })).json();
  for (const step of [
    { kitStatus: 'REQUESTED' },
    { kitStatus: 'DISPATCHED_BY_LAB' },
    { sampleStatus: 'RECEIVED_BY_LAB' },
  ])
    await admin('PATCH', `/api/admin/kits/${kit.id}`, step);
  const imported = await admin('POST', '/api/admin/results', {
    sampleIdentifier: kit.sampleIdentifier,
    profile: MPA3,
    displayDate: '2026-05-01',
  });
  expect(imported.statusCode, imported.body).toBe(201);
  return kit as { id: number; sampleIdentifier: string };
}

async function shapeOf(kitId: number) {
  const [row] = await t.database.db
    .select({ shape: labResults.reportShape })
    .from(labResults)
    .where(eq(labResults.kitId, kitId));
  return row?.shape;
}

/** The row as migration 0018 found it, without a shape, then given one by the migration's own statement. */
async function migrated(kitId: number) {
  await t.database.db.update(labResults).set({ reportShape: 0 }).where(eq(labResults.kitId, kitId));
  await t.database.db.execute(sql.raw(CLASSIFY_SHAPES));
  return shapeOf(kitId);
}

describe('the shape stored beside the report (decision 033)', () => {
  it('is today’s at import, and migration 0018 gives the shape of its day (1) to a report already in it', async () => {
    const owner = await signedInUser(t.app);
    const kit = await importedReport(owner.email);
    expect(await shapeOf(kit.id)).toBe(REPORT_SHAPE);
    // Shape 2 (issue 37) added the summary: a row the migration marked 1 is rebuilt on its first read.
    expect(await migrated(kit.id)).toBe(1);
  });
});

describe('reports imported before the explanations were stored', () => {
  it('get them on the first read, saved so later reads only send them', async () => {
    const owner = await signedInUser(t.app);
    const kit = await importedReport(owner.email);
    await t.database.db
      .update(labResults)
      .set({
        report: sql`${labResults.report} - 'gmwi2Contributions' - 'gmhiExplanation' - 'reference'`,
        // The text beside it (decision 028) was written from the same report.
        reportText: sql`(${labResults.report} - 'gmwi2Contributions' - 'gmhiExplanation' - 'reference')::text`,
      })
      .where(eq(labResults.kitId, kit.id));
    expect(await migrated(kit.id)).toBe(0);

    const res = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report.gmwi2Contributions.taxa).toHaveLength(22);
    expect(report.gmhiExplanation.score).toBe(report.indices.gmhi.value);
    expect(report.reference.size).toBe(2754);

    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(row?.report).toEqual(report);
    expect(JSON.parse(row?.reportText ?? '')).toEqual(report);
    expect(row?.reportShape).toBe(REPORT_SHAPE);
  });
});

type Taxon = { linkedWith: string; coefficient: number };
type Stored = { gmwi2Contributions: { taxa: Taxon[]; groups: { linkedWith: string }[] } };

/** The report as it was stored before session 11: each GMWI2 taxon three times, with sign and contribution. */
function oldShape(report: Stored) {
  const c = report.gmwi2Contributions;
  const taxa = c.taxa.map((taxon) => ({
    ...taxon,
    sign: taxon.coefficient > 0 ? 'positive' : 'negative',
    contribution: taxon.coefficient,
  }));
  return {
    ...report,
    notableTaxa: taxa.map((taxon) => ({ ...taxon, index: 'GMWI2' })),
    gmwi2Contributions: {
      ...c,
      taxa,
      groups: c.groups.map((group) => ({
        ...group,
        taxa: taxa.filter((taxon) => taxon.linkedWith === group.linkedWith),
      })),
    },
  };
}

async function storeOldShape(kitId: number) {
  const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kitId));
  const compact = row?.report as Stored;
  const old = oldShape(compact);
  await t.database.db
    .update(labResults)
    .set({ report: old, reportText: JSON.stringify(old) })
    .where(eq(labResults.kitId, kitId));
  expect(await migrated(kitId)).toBe(0);
  return { compact, old };
}

describe('reports stored with their taxa repeated (before session 11)', () => {
  it('are rebuilt to the compact shape on the first read and saved', async () => {
    const owner = await signedInUser(t.app);
    const kit = await importedReport(owner.email);
    const { compact, old } = await storeOldShape(kit.id);

    const res = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report).toEqual(compact);
    expect(report).not.toHaveProperty('notableTaxa');
    for (const group of report.gmwi2Contributions.groups) expect(group).not.toHaveProperty('taxa');
    expect(res.body.length).toBeLessThan(JSON.stringify(old).length - 10_000);

    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(row?.report).toEqual(compact);
    expect(JSON.parse(row?.reportText ?? '')).toEqual(compact);
    expect(row?.reportShape).toBe(REPORT_SHAPE);
  });

  it('are sent as stored when today’s parser refuses their profile, which readers still understand', async () => {
    const owner = await signedInUser(t.app);
    const kit = await importedReport(owner.email);
    const { old } = await storeOldShape(kit.id);
    await t.database.db
      .update(labResults)
      .set({ profileText: 'not a MetaPhlAn profile' })
      .where(eq(labResults.kitId, kit.id));

    const res = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().report).toEqual(old);
    expect(await shapeOf(kit.id)).toBe(0);
    const pdf = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}/pdf`,
      headers: bearer(owner.accessToken),
    });
    expect(pdf.statusCode).toBe(200);
  });
});

type Entry = { name: string; percent: number };
type Labelled = Stored & {
  composition: Record<string, Entry[]>;
  indices: Record<'gmwi2' | 'gmhi', object>;
  diversity: Record<string, object>;
  reference: { size: number };
};

/**
 * The report as it was stored before its labels and fixed texts left it: each composition entry and GMWI2
 * taxon named again, each score with its caveats and citation.
 */
function labelledShape(report: Labelled) {
  const c = report.gmwi2Contributions;
  return {
    ...report,
    diversity: Object.fromEntries(
      Object.entries(report.diversity).map(([metric, reading]) => [
        metric,
        { ...reading, percentileCaveat: PERCENTILE_CAVEATS.shannon },
      ]),
    ),
    indices: {
      gmwi2: {
        ...report.indices.gmwi2,
        percentileCaveat: null,
        caveat: INDEX_CAVEATS.gmwi2,
        citation: INDEX_CITATIONS.gmwi2,
      },
      gmhi: {
        ...report.indices.gmhi,
        percentileCaveat: PERCENTILE_CAVEATS.gmhiWebtool,
        caveat: INDEX_CAVEATS.gmhi(3),
        citation: INDEX_CITATIONS.gmhi,
      },
    },
    reference: { ...report.reference, percentileExplanation: percentileExplanation(report.reference.size) },
    composition: Object.fromEntries(
      Object.entries(report.composition).map(([rank, entries]) => [
        rank,
        entries.map((e) => ({ ...e, label: e.name.replaceAll('_', ' ') })),
      ]),
    ),
    gmwi2Contributions: {
      ...c,
      taxa: c.taxa.map((taxon) => {
        const last = (taxon as Taxon & { lineage: string }).lineage.split('|').at(-1) ?? '';
        return { ...taxon, rank: last[0], name: last.slice(3), label: last.slice(3).replaceAll('_', ' ') };
      }),
    },
  };
}

describe('reports stored with their labels and fixed texts (before they were derived or looked up where shown)', () => {
  it('are rebuilt without them on the first read and saved', async () => {
    const owner = await signedInUser(t.app);
    const kit = await importedReport(owner.email);
    const [stored] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    const compact = stored?.report as Labelled;
    expect(compact.composition.phylum?.[0]).not.toHaveProperty('label');
    const labelled = labelledShape(compact);
    await t.database.db
      .update(labResults)
      .set({ report: labelled, reportText: JSON.stringify(labelled) })
      .where(eq(labResults.kitId, kit.id));
    expect(await migrated(kit.id)).toBe(0);

    const res = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().report).toEqual(compact);
    expect(res.body.length).toBeLessThan(JSON.stringify(labelled).length - 6_000);

    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(row?.report).toEqual(compact);
    expect(JSON.parse(row?.reportText ?? '')).toEqual(compact);
    expect(row?.reportShape).toBe(REPORT_SHAPE);
  });
});
