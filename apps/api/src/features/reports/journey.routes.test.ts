import { buildJourney, healthyBands, MEANINGFUL_CHANGE } from '@portal/domain/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers } from '../../db/schema/index.ts';
import {
  bearer,
  createProject,
  createTestApp,
  kefirSeries,
  kitWithResults,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { asStaff, ownedKit, SEQUENCED, uniqueProfile } from '../staff-kits/staff-kits.test-helpers.ts';

const KEFIR = kefirSeries();
const MPA4 = reportProfile('edge/metaphlan4-sgb.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const journeyOf = (token: string) => t.app.inject({ url: '/api/reports/journey', headers: bearer(token) });

describe('GET /api/reports/journey', () => {
  it('gives every report in time order with scores, bands, changes, the database break, notes and movers', async () => {
    const person = await signedInUser(t.app);
    // Imported out of order: the journey follows the display dates.
    const third = await kitWithResults(t.app, person.email, KEFIR[2], { displayDate: '2026-07-01' });
    const first = await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    const second = await kitWithResults(t.app, person.email, KEFIR[1], { displayDate: '2026-04-01' });
    const fourth = await kitWithResults(t.app, person.email, MPA4, { displayDate: '2026-10-01' });
    await t.database.db.insert(surveyAnswers).values([
      {
        kitId: second.id,
        surveyType: 'DAY_OF_SAMPLING',
        questionId: 'DOS_ANTIBIOTICS',
        answers: [],
        answerString: 'true',
        definitionVersion: 1,
      },
      {
        kitId: second.id,
        surveyType: 'FOOD',
        questionId: 'FOOD_DIET_CHANGED',
        answers: [],
        answerString: 'true',
        definitionVersion: 1,
      },
      {
        kitId: third.id,
        surveyType: 'DAY_OF_SAMPLING',
        questionId: 'DOS_ANTIBIOTICS',
        answers: [],
        answerString: 'false',
        definitionVersion: 1,
      },
      {
        kitId: third.id,
        surveyType: 'DAY_OF_SAMPLING',
        questionId: 'DOS_BRISTOL',
        answers: [3],
        answerString: null,
        definitionVersion: 1,
      },
    ]);

    const res = await journeyOf(person.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const journey = res.json();
    expect(journey.points.map((p: { sampleIdentifier: string }) => p.sampleIdentifier)).toEqual(
      [first, second, third, fourth].map((k) => k.sampleIdentifier),
    );
    // The values are the stored report's.
    const stored = (
      await t.app.inject({
        url: `/api/reports/${second.sampleIdentifier}`,
        headers: bearer(person.accessToken),
      })
    ).json().report;
    expect(journey.points[1].values).toEqual({
      richness: stored.diversity.richness.value,
      shannon: stored.diversity.shannon.value,
      inverseSimpson: stored.diversity.inverseSimpson.value,
      evenness: stored.diversity.evenness.value,
      gmwi2: stored.indices.gmwi2.value,
      gmhi: stored.indices.gmhi.value,
    });
    expect(journey.points[1].notes).toEqual([
      'Antibiotics in the last 3 months',
      'Diet changed a lot in the last 12 months',
    ]);
    expect(journey.points[2].notes).toEqual([]);
    const delta = journey.points[1].values.gmwi2 - journey.points[0].values.gmwi2;
    expect(journey.points[1].changes.gmwi2).toEqual({
      delta,
      meaningful: Math.abs(delta) > MEANINGFUL_CHANGE.gmwi2,
    });
    // MetaPhlAn 4: a break, no GMWI2, and no change computed across the break.
    expect(journey.points.map((p: { newDatabase: boolean }) => p.newDatabase)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(journey.points[3].values.gmwi2).toBeNull();
    expect(journey.points[3].changes.richness).toBeNull();
    expect(journey.bands).toEqual(JSON.parse(JSON.stringify(healthyBands())));
    expect(journey.thresholds).toEqual(MEANINGFUL_CHANGE);
    expect(journey.rule).toContain('repeatability coefficient');
    expect(journey.source).toContain('kefir');
    // The latest sample is the only MetaPhlAn 4 one: its species are compared with none (issue 33 item 17).
    expect(journey.compared).toBeNull();
    expect(journey).toMatchObject({ rose: [], fell: [] });
  });

  it('compares the species of the latest sample and the latest earlier one of its database (issue 33 item 17)', async () => {
    const person = await signedInUser(t.app);
    await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    const before = await kitWithResults(t.app, person.email, KEFIR[1], { displayDate: '2026-04-01' });
    await kitWithResults(t.app, person.email, MPA4, { displayDate: '2026-07-01' });
    const after = await kitWithResults(t.app, person.email, KEFIR[2], { displayDate: '2026-10-01' });
    const journey = (await journeyOf(person.accessToken)).json();
    expect(journey.compared.before.sampleIdentifier).toBe(before.sampleIdentifier);
    expect(journey.compared.after.sampleIdentifier).toBe(after.sampleIdentifier);
    const species = async (kit: { sampleIdentifier: string }) =>
      (
        await t.app.inject({
          url: `/api/reports/${kit.sampleIdentifier}`,
          headers: bearer(person.accessToken),
        })
      ).json().report.composition.species;
    const [b, a] = [await species(before), await species(after)];
    const expected = buildJourney(
      [
        { ...journey.points[1], species: b },
        { ...journey.points[3], species: a },
      ].map(({ newDatabase: _n, changes: _c, ...sample }) => sample),
    );
    expect(journey.rose).toEqual(expected.rose);
    expect(journey.fell).toEqual(expected.fell);
    expect(journey.rose.length).toBeGreaterThan(0);
    expect(JSON.stringify(journey)).not.toContain('Phocaeicola');
  });

  it("is the owner's only: another person sees none of it", async () => {
    const owner = await signedInUser(t.app);
    await kitWithResults(t.app, owner.email, KEFIR[0], { displayDate: '2026-01-01' });
    const other = await signedInUser(t.app);
    const res = await journeyOf(other.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ points: [], rose: [], fell: [] });
    expect((await t.app.inject({ url: '/api/reports/journey' })).statusCode).toBe(401);
  });

  it('leaves out results of a project that delivers none (NO_DELIVERY)', async () => {
    const person = await signedInUser(t.app);
    const project = await createProject(t.app, { name: 'Withheld study', resultDeliveryType: 'NO_DELIVERY' });
    const shown = await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    await kitWithResults(t.app, person.email, KEFIR[1], { displayDate: '2026-02-01', projectId: project.id });
    const journey = (await journeyOf(person.accessToken)).json();
    expect(journey.points.map((p: { sampleIdentifier: string }) => p.sampleIdentifier)).toEqual([
      shown.sampleIdentifier,
    ]);
  });

  it('refuses a minor without parental consent, as the reports do', async () => {
    const minor = await signedInUser(t.app, { dob: '2015-01-01' });
    const res = await journeyOf(minor.accessToken);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('REPORT_NOT_PERMITTED');
  });
});

describe('the journey kept under its key changes at once with what it is made of', () => {
  type Point = { sampleIdentifier: string; name: string; notes: string[]; values: { shannon: number } };
  const points = async (token: string) => {
    const res = await journeyOf(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().points as Point[];
  };
  const shannonOf = async (token: string, sample: string) =>
    (await t.app.inject({ url: `/api/reports/${sample}`, headers: bearer(token) })).json().report.diversity
      .shannon.value as number;

  it('a newly released sample, a retraction, the amended report, a renamed kit and a changed answer', async () => {
    const lab = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
    const checker = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
    const person = await signedInUser(t.app);
    const token = person.accessToken;
    const first = await kitWithResults(t.app, person.email, KEFIR[0], { displayDate: '2026-01-01' });
    expect((await points(token)).map((p) => p.sampleIdentifier)).toEqual([first.sampleIdentifier]);

    // Stored by the lab but not yet released: not on the journey.
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
    expect((await upload(KEFIR[1])).json().items[0]).toMatchObject({ stored: true });
    expect(await points(token)).toHaveLength(1);

    // Released: on the journey at once, with its species compared against the first.
    await release();
    const released = await points(token);
    expect(released.map((p) => p.sampleIdentifier)).toEqual([first.sampleIdentifier, kit.sampleIdentifier]);
    const before = await shannonOf(token, kit.sampleIdentifier);
    expect(released[1]?.values.shannon).toBe(before);
    expect((await journeyOf(token)).json().compared.after.sampleIdentifier).toBe(kit.sampleIdentifier);

    // Retracted: gone at once.
    const retracted = await lab.post('/api/staff/results/retract', {
      sample: kit.sampleIdentifier,
      reason: 'Plate swap found in run 42',
    });
    expect(retracted.statusCode, retracted.body).toBe(200);
    expect((await points(token)).map((p) => p.sampleIdentifier)).toEqual([first.sampleIdentifier]);
    expect((await journeyOf(token)).json()).toMatchObject({ compared: null, rose: [], fell: [] });

    // The amended report (another profile): back with its new values.
    expect((await upload(KEFIR[2])).json().items[0]).toMatchObject({ stored: true });
    await release();
    const amended = await points(token);
    const after = await shannonOf(token, kit.sampleIdentifier);
    expect(after).not.toBe(before);
    expect(amended[1]?.values.shannon).toBe(after);

    // The owner names the kit, and an answer that makes a note changes.
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/kits/${kit.id}`,
      headers: bearer(token),
      payload: { name: 'Summer sample', was: { name: null } },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect((await points(token))[1]?.name).toBe('Summer sample');
    await t.database.db.insert(surveyAnswers).values({
      kitId: kit.id,
      surveyType: 'DAY_OF_SAMPLING',
      questionId: 'DOS_UNWELL',
      answers: [],
      answerString: 'true',
      definitionVersion: 1,
    });
    expect((await points(token))[1]?.notes).toEqual(['Unwell in the week before sampling']);
  });

  it("is kept per person: another person's read never gets it, and a repeated read is the same", async () => {
    const owner = await signedInUser(t.app);
    await kitWithResults(t.app, owner.email, KEFIR[0], { displayDate: '2026-01-01' });
    await kitWithResults(t.app, owner.email, KEFIR[1], { displayDate: '2026-02-01' });
    const kept = (await journeyOf(owner.accessToken)).json();
    expect(kept.points).toHaveLength(2);
    const other = await signedInUser(t.app);
    expect((await journeyOf(other.accessToken)).json()).toMatchObject({ points: [], rose: [], fell: [] });
    expect((await journeyOf(owner.accessToken)).json()).toEqual(kept);
  });
});
