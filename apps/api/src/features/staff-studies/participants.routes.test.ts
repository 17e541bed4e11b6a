import { PARTICIPANT_MESSAGES, type StaffFunnel, type StaffParticipantRow } from '@portal/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateResponses, candidates, kits } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * Issue 34 item 18: a project's participants with their kits and status, and the funnel figures of a
 * project and of a recruitment, counted on a seeded set whose every stage is known.
 */
let t: TestApp;
let study: Awaited<ReturnType<typeof signedInStaff>>;

const get = (url: string, token = study.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload: object, headers: Record<string, string> = ops) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function newProject(name: string) {
  const res = await post('/api/staff/projects', { name, logisticType: 'LAB_MANAGED' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** A participant invited with an issued code who joins with it; `kits` of the project in these statuses. */
async function invitedParticipant(projectId: number, name: string, statuses: string[] = []) {
  const person = await signedInUser(t.app, { type: 'RESEARCH', firstName: name, lastName: 'Tester' });
  const issued = await post(`/api/staff/projects/${projectId}/participant-codes`, { email: person.email });
  expect(issued.statusCode, issued.body).toBe(201);
  const joined = await post(
    '/api/research/join',
    { participantIdentifier: issued.json().participantCode, userId: person.id },
    bearer(person.accessToken),
  );
  expect(joined.statusCode, joined.body).toBe(200);
  await kitsFor(person.email, projectId, statuses);
  return person;
}

async function kitsFor(email: string, projectId: number, statuses: string[]) {
  if (!statuses.length) return [];
  const res = await post('/api/admin/kits', { count: statuses.length, projectId, ownerEmail: email });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { id: number }[];
  for (const [i, kit] of made.entries())
    await t.database.db
      .update(kits)
      .set({ kitStatus: statuses[i] ?? 'REDEEMED' })
      .where(inArray(kits.id, [kit.id]));
  return made;
}

beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
  study = await signedInStaff(t.app, ['STUDY']);
}, 60_000);
afterAll(() => t.close());

describe("a project's participants", () => {
  it('lists them newest first with their kits and where they stand, searchable, by pages', async () => {
    const projectId = await newProject('Gut Study Participants');
    const ada = await invitedParticipant(projectId, 'Ada', ['REDEEMED']);
    const bo = await invitedParticipant(projectId, 'Bo', ['RECEIVED_BY_LAB', 'REDEEMED']);
    const cy = await invitedParticipant(projectId, 'Cy', ['RESULTS_AVAILABLE']);
    const dee = await invitedParticipant(projectId, 'Dee');
    // A kit of another project is not theirs here.
    await kitsFor(dee.email, 1, ['REDEEMED']);

    const res = await get(`/api/staff/projects/${projectId}/participants`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().participants as StaffParticipantRow[];
    expect(rows.map((r) => r.firstName)).toEqual(['Dee', 'Cy', 'Bo', 'Ada']);
    expect(rows.map((r) => r.status)).toEqual(['JOINED', 'RESULTS', 'AT_LAB', 'KIT']);
    expect(rows[0]).toMatchObject({ id: dee.id, email: dee.email, invited: true, kits: [] });
    expect(rows[2]?.kits.map((k) => k.kitStatus)).toEqual(['RECEIVED_BY_LAB', 'REDEEMED']);
    expect(rows[2]?.kits[0]?.statusText).toBeTruthy();

    const search = async (q: string) =>
      (
        (await get(`/api/staff/projects/${projectId}/participants?q=${encodeURIComponent(q)}`)).json()
          .participants as StaffParticipantRow[]
      ).map((r) => r.id);
    expect(await search('bo tes')).toEqual([bo.id]);
    expect(await search(cy.email.toUpperCase())).toEqual([cy.id]);
    expect(await search(cy.email.slice(0, -4))).toEqual([cy.id]);
    expect(await search('%')).toEqual([]);
    expect(await search(ada.email.slice(3))).toEqual([]);
  });

  it('pages by keyset without repeating or skipping anyone', async () => {
    const projectId = await newProject('Gut Study Paging');
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) ids.push((await invitedParticipant(projectId, `P${i}`)).id);
    const first = (await get(`/api/staff/projects/${projectId}/participants`)).json();
    expect(first.participants).toHaveLength(25);
    expect(first.next).toBeTruthy();
    const second = (
      await get(`/api/staff/projects/${projectId}/participants?after=${encodeURIComponent(first.next)}`)
    ).json();
    expect(second.next).toBeNull();
    const seen = [...first.participants, ...second.participants].map((r: StaffParticipantRow) => r.id);
    expect(seen).toEqual(ids.reverse());

    const bad = await get(`/api/staff/projects/${projectId}/participants?after=DROP`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PARTICIPANT_MESSAGES.badCursor);
    expect((await get('/api/staff/projects/999999/participants')).statusCode).toBe(404);
  }, 120_000);
});

describe('the recruitment funnel', () => {
  it("counts a project's invited → consented → kit → result, each a subset of the one before", async () => {
    const projectId = await newProject('Gut Study Funnel');
    // 6 invited: 4 join (2 with a kit, 1 of them with results), 2 never join.
    await invitedParticipant(projectId, 'Joined', []);
    await invitedParticipant(projectId, 'Kit', ['REDEEMED']);
    await invitedParticipant(projectId, 'Result', ['RESULTS_AVAILABLE', 'REDEEMED']);
    await invitedParticipant(projectId, 'Joined2', []);
    for (const email of ['never.one@example.com', 'never.two@example.com'])
      expect((await post(`/api/staff/projects/${projectId}/participant-codes`, { email })).statusCode).toBe(
        201,
      );
    // A kit owned by someone who was never invited nor joined does not count.
    const stranger = await signedInUser(t.app);
    await kitsFor(stranger.email, projectId, ['RESULTS_AVAILABLE']);

    const res = await get(`/api/staff/projects/${projectId}/funnel`);
    expect(res.statusCode, res.body).toBe(200);
    const funnel = res.json() as StaffFunnel;
    expect(funnel.stages).toEqual([
      { stage: 'INVITED', count: 6, fromPrevious: null, fromInvited: 100 },
      { stage: 'CONSENTED', count: 4, fromPrevious: 66.7, fromInvited: 66.7 },
      { stage: 'KIT', count: 2, fromPrevious: 50, fromInvited: 33.3 },
      { stage: 'RESULT', count: 1, fromPrevious: 50, fromInvited: 16.7 },
    ]);
    expect(funnel.joinedWithoutInvitation).toBe(0);
  }, 60_000);

  it("counts a recruitment's candidates who agreed to every consent, then kits and results by their account", async () => {
    const created = await post('/api/staff/recruitments', {
      title: 'Funnel recruitment',
      consents: ['One', 'Two'].map((title) => ({
        title,
        htmlContent: `<p>${title}</p>`,
        agreeLabel: 'I agree',
        disagreeLabel: 'I do not agree',
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const recruitment = created.json() as { id: number; chain: { id: number }[] };
    const projectId = await newProject('Gut Study Recruited');
    const people = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(() => signedInUser(t.app)));
    const rows = await t.database.db
      .insert(candidates)
      .values(
        people.map((p, i) => ({
          recruitmentId: recruitment.id,
          email: p.email,
          firstName: `C${i}`,
          lastName: 'Candidate',
        })),
      )
      .returning({ id: candidates.id });
    const [one, two] = recruitment.chain.map((c) => c.id);
    const answer = (i: number, consentId: number | undefined, consented: boolean) => ({
      candidateId: rows[i]?.id ?? '',
      consentId: consentId ?? 0,
      consented,
    });
    await t.database.db.insert(candidateResponses).values([
      // 0, 1 and 2 agree to both; 3 agrees to one and declines the other; 4 answers only the first.
      answer(0, one, true),
      answer(0, two, true),
      answer(1, one, true),
      answer(1, two, true),
      answer(2, one, true),
      answer(2, two, true),
      answer(3, one, true),
      answer(3, two, false),
      answer(4, one, true),
    ]);
    // 0 has a kit with results, 1 a kit, 2 none; 3 (did not consent) has results: not counted.
    await kitsFor(people[0]?.email ?? '', projectId, ['MICROBIOME_COACH_SESSION_COMPLETED']);
    await kitsFor(people[1]?.email ?? '', projectId, ['DISPATCHED_BY_LAB']);
    await kitsFor(people[3]?.email ?? '', projectId, ['RESULTS_AVAILABLE']);
    // A consumer kit (project 1) is not a study kit.
    await kitsFor(people[2]?.email ?? '', 1, ['RESULTS_AVAILABLE']);

    const res = await get(`/api/staff/recruitments/${recruitment.id}/funnel`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StaffFunnel).stages.map((s) => [s.stage, s.count, s.fromPrevious])).toEqual([
      ['INVITED', 5, null],
      ['CONSENTED', 3, 60],
      ['KIT', 2, 66.7],
      ['RESULT', 1, 50],
    ]);
    const missing = await get('/api/staff/recruitments/999999/funnel');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PARTICIPANT_MESSAGES.recruitmentNotFound);
  }, 60_000);
});

describe('who may read them', () => {
  it('is STUDY (and ADMIN); other roles, a customer and a support view are refused', async () => {
    const projectId = await newProject('Gut Study Private');
    const member = await invitedParticipant(projectId, 'Private');
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const urls = [
      `/api/staff/projects/${projectId}/participants`,
      `/api/staff/projects/${projectId}/funnel`,
      '/api/staff/recruitments/1/funnel',
    ];
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const lab = await signedInStaff(t.app, ['LAB']);
    const helper = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(helper.accessToken),
      payload: { username: member.email },
    });
    expect(view.statusCode, view.body).toBe(200);
    for (const url of urls) {
      expect((await get(url, admin.accessToken)).statusCode).toBeLessThan(500);
      for (const token of [
        support.accessToken,
        lab.accessToken,
        member.accessToken,
        view.json().access_token,
      ])
        expect((await get(url, token)).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await get(urls[0] ?? '', admin.accessToken)).statusCode).toBe(200);
  }, 60_000);
});
