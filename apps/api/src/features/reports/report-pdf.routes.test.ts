import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPoolStats } from '../../adapters/pdf/pdf-pool.ts';
import { kits, labResults, projects, refreshTokens, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  kefirSeries,
  kitWithResults,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { signedInStaff } from '../../test/staff.ts';
import { asStaff, ownedKit, SEQUENCED, uniqueProfile } from '../staff-kits/staff-kits.test-helpers.ts';

/**
 * The report PDF kept in memory under a key read with the report (decision 074): the stored
 * result's id, shape and time, the heading and the journey's key. Whatever is drawn into the PDF changes
 * the key, so the next request draws it again; every access rule is applied before the memory is asked.
 */
const KEFIR = kefirSeries();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const pdfOf = (token: string, sample: string) =>
  t.app.inject({ url: `/api/reports/${sample}/pdf`, headers: bearer(token) });

/** The PDF of the sample, and how many PDFs the pool drew for it (0: answered from memory). */
async function drawnFor(token: string, sample: string) {
  const before = pdfPoolStats().drawn;
  const res = await pdfOf(token, sample);
  expect(res.statusCode, res.body).toBe(200);
  return { pdf: res.rawPayload, drawn: pdfPoolStats().drawn - before };
}
const textOf = async (pdf: Buffer) => (await readPdf(pdf)).pages.join('\n');

describe('GET /api/reports/{sample}/pdf kept under its key', () => {
  it('draws again at once after a release, a retraction, an amendment, a rename and a rebuild', async () => {
    const lab = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
    const checker = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
    const person = await signedInUser(t.app);
    const token = person.accessToken;
    const first = await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    const kit = await ownedKit(t.app, SEQUENCED, person);
    const upload = (profile: string) =>
      lab.post('/api/staff/results', {
        profiles: [{ fileName: `${kit.sampleIdentifier}.txt`, text: uniqueProfile(profile) }],
      });
    const release = async () => {
      await checker.post('/api/staff/results/review', {
        samples: [kit.sampleIdentifier],
        decision: 'APPROVE',
      });
      const released = await lab.post('/api/staff/results/release', { samples: [kit.sampleIdentifier] });
      expect(released.statusCode, released.body).toBe(200);
    };

    // Drawn once, then answered from memory.
    const alone = await drawnFor(token, first.sampleIdentifier);
    expect(alone.drawn).toBe(1);
    const again = await drawnFor(token, first.sampleIdentifier);
    expect(again.drawn).toBe(0);
    expect(again.pdf.equals(alone.pdf)).toBe(true);

    // Stored but not released: neither its PDF nor a change to the first's.
    expect((await upload(KEFIR[1])).json().items[0]).toMatchObject({ stored: true });
    expect((await pdfOf(token, kit.sampleIdentifier)).statusCode).toBe(404);
    expect((await drawnFor(token, first.sampleIdentifier)).drawn).toBe(0);

    // Released: the first report's PDF has a journey of two now, so it is drawn again.
    await release();
    const withJourney = await drawnFor(token, first.sampleIdentifier);
    expect(withJourney.drawn).toBe(1);
    expect(withJourney.pdf.equals(alone.pdf)).toBe(false);
    const released = await drawnFor(token, kit.sampleIdentifier);
    expect(released.drawn).toBe(1);
    expect((await drawnFor(token, kit.sampleIdentifier)).drawn).toBe(0);

    // Retracted: refused at once, though its PDF is in memory.
    const retracted = await lab.post('/api/staff/results/retract', {
      sample: kit.sampleIdentifier,
      reason: 'Plate swap found in run 42',
    });
    expect(retracted.statusCode, retracted.body).toBe(200);
    expect((await pdfOf(token, kit.sampleIdentifier)).statusCode).toBe(404);
    // The first report's journey is its own again: the PDF of that journey, as before the release.
    const afterRetraction = await drawnFor(token, first.sampleIdentifier);
    expect(afterRetraction.pdf.equals(alone.pdf)).toBe(true);
    expect(afterRetraction.pdf.equals(withJourney.pdf)).toBe(false);

    // The amended report (another profile): drawn again, with its amendment said.
    expect((await upload(KEFIR[2])).json().items[0]).toMatchObject({ stored: true });
    await release();
    const amended = await drawnFor(token, kit.sampleIdentifier);
    expect(amended.drawn).toBe(1);
    expect(amended.pdf.equals(released.pdf)).toBe(false);

    // Renamed by its owner: drawn again with the new name.
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/kits/${kit.id}`,
      headers: bearer(token),
      payload: { name: 'Summer sample', was: { name: null } },
    });
    expect(named.statusCode, named.body).toBe(200);
    const renamed = await drawnFor(token, kit.sampleIdentifier);
    expect(renamed.drawn).toBe(1);
    expect(await textOf(renamed.pdf)).toContain('Summer sample');

    // A report stored in an older shape is rebuilt on its read: drawn from the rebuilt report.
    await t.database.db.update(labResults).set({ reportShape: 1 }).where(eq(labResults.kitId, kit.id));
    expect((await drawnFor(token, kit.sampleIdentifier)).drawn).toBe(1);
  });

  it('is keyed by the stored result, not by hashing the report: a change the portal never makes is not seen', async () => {
    // The portal never changes a stored report under the same result and shape (a correction is a
    // retraction and a new result). Changing it behind the portal's back shows the PDF is answered from
    // memory without the report being read; a hash of the report (the key before) would draw it again.
    const person = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    expect((await drawnFor(person.accessToken, kit.sampleIdentifier)).drawn).toBe(1);
    await t.database.db
      .update(labResults)
      .set({ reportText: sql`replace(${labResults.reportText}, '"version"', '"version" ')` })
      .where(eq(labResults.kitId, kit.id));
    expect((await drawnFor(person.accessToken, kit.sampleIdentifier)).drawn).toBe(0);
  });

  it('applies every access rule before the memory: another person, withdrawn consent, an ended session, a withheld study', async () => {
    const owner = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, owner.email, KEFIR[1], { displayDate: '2026-01-01' });
    expect((await drawnFor(owner.accessToken, kit.sampleIdentifier)).drawn).toBe(1);

    const stranger = await signedInUser(t.app);
    expect((await pdfOf(stranger.accessToken, kit.sampleIdentifier)).statusCode).toBe(404);

    // A person under age without parental consent (as the report read refuses them).
    const [row] = await t.database.db.select().from(users).where(eq(users.email, owner.email));
    const id = row?.id ?? '';
    await t.database.db
      .update(users)
      .set({ underAge: true, dateOfBirth: '2015-01-01', parentConsented: false })
      .where(eq(users.id, id));
    const minor = await pdfOf(owner.accessToken, kit.sampleIdentifier);
    expect(minor.statusCode).toBe(403);
    expect(minor.json().code).toBe('REPORT_NOT_PERMITTED');
    await t.database.db
      .update(users)
      .set({ underAge: false, dateOfBirth: '1990-01-01', parentConsented: null })
      .where(eq(users.id, id));
    expect((await drawnFor(owner.accessToken, kit.sampleIdentifier)).drawn).toBe(0);

    // A project that stops delivering results: to the participant the report does not exist.
    const [project] = await t.database.db
      .select({ id: projects.id, delivery: projects.resultDeliveryType })
      .from(projects)
      .innerJoin(kits, eq(kits.projectId, projects.id))
      .where(eq(kits.id, kit.id));
    if (!project) throw new Error('the kit has a project');
    const deliver = (resultDeliveryType: string | null) =>
      t.database.db.update(projects).set({ resultDeliveryType }).where(eq(projects.id, project.id));
    await deliver('NO_DELIVERY');
    try {
      expect((await pdfOf(owner.accessToken, kit.sampleIdentifier)).statusCode).toBe(404);
    } finally {
      await deliver(project.delivery);
    }
    expect((await drawnFor(owner.accessToken, kit.sampleIdentifier)).drawn).toBe(0);

    // Signed out everywhere: the session is ended, the PDF in memory or not.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, id));
    expect((await pdfOf(owner.accessToken, kit.sampleIdentifier)).statusCode).toBe(401);
  });
});
