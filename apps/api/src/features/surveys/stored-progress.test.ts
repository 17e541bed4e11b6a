import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, type StoredProgressMap, surveyAnswers } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { completeQuestionnaires } from '../../test/questionnaires.ts';
import { surveyCatalog } from './catalog.ts';

/**
 * Questionnaire progress stored on the kit (decision 029): every answer save and delete stores its
 * questionnaire's figures in its own transaction, and the kits list reads them and writes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Stat = { surveyType: string; completedQuestions: number; totalQuestions: number };

const DOS = surveyCatalog().get('DAY_OF_SAMPLING');
if (!DOS) throw new Error('no day-of-sampling questionnaire');

/** Kits of this person, activated (their questionnaires open). */
async function activatedKits(email: string, count: number): Promise<number[]> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/kits',
    headers: ops,
    payload: { count, ownerEmail: email },
  });
  const ids = (created.json() as { id: number }[]).map((k) => k.id);
  expect(ids, created.body).toHaveLength(count);
  for (const id of ids) {
    const requested = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${id}`,
      headers: ops,
      payload: { kitStatus: 'REQUESTED' },
    });
    expect(requested.statusCode, requested.body).toBe(200);
  }
  return ids;
}

/** A signed-in person with one activated kit. */
async function personWithKit() {
  const user = await signedInUser(t.app, { dob: '1990-01-01' });
  const [kitId] = await activatedKits(user.email, 1);
  const kit = { id: kitId as number };
  const token = user.accessToken;
  return {
    kitId: kit.id,
    async stats(): Promise<Stat[]> {
      const res = await t.app.inject({ method: 'GET', url: '/api/kits', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number; surveysStats: Stat[] }[]).find((k) => k.id === kit.id)
        ?.surveysStats as Stat[];
    },
    /** Saves one answer; returns the progress the save answered with. */
    async answer(questionId: string, body: object, status = 200): Promise<Stat | undefined> {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/kits/${kit.id}/surveys/day-of-sampling`,
        headers: bearer(token),
        payload: { questionId, answers: [], answerString: null, ...body },
      });
      expect(res.statusCode, res.body).toBe(status);
      return (res.json() as { progress?: Stat }).progress;
    },
    async remove(questionId: string): Promise<Stat> {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/kits/${kit.id}/surveys/day-of-sampling/answers/${questionId}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { progress: Stat }).progress;
    },
    async opened(): Promise<Stat> {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/kits/${kit.id}/surveys/day-of-sampling/answers`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { progress: Stat }).progress;
    },
  };
}

const stored = async (kitId: number) => {
  const [row] = await t.database.db
    .select({ progress: kits.surveyProgress })
    .from(kits)
    .where(eq(kits.id, kitId));
  if (!row) throw new Error(`no kit ${kitId}`);
  return row.progress;
};
const setStored = (kitId: number, progress: StoredProgressMap | null) =>
  t.database.db.update(kits).set({ surveyProgress: progress }).where(eq(kits.id, kitId));
const dosOf = (stats: Stat[]) => stats.find((s) => s.surveyType === 'DAY_OF_SAMPLING') as Stat;
const completedOf = (stats: Stat[], type: string) =>
  stats.find((s) => s.surveyType === type)?.completedQuestions;

describe('stored questionnaire progress', () => {
  it('is stored by the save itself, and the save, the list and the stored figures agree', async () => {
    const person = await personWithKit();
    expect(await stored(person.kitId)).toEqual({});
    await person.answer('DOS_UNWELL', { answerString: 'true' });
    const saved = (await person.answer('DOS_BRISTOL', { answers: [10303] })) as Stat;
    expect(saved.completedQuestions).toBe(2);
    // Stored before any read of the list.
    expect(await stored(person.kitId)).toEqual({
      DAY_OF_SAMPLING: [2, saved.totalQuestions, DOS.version],
    });
    expect(dosOf(await person.stats())).toEqual(saved);
    expect(await person.opened()).toEqual(saved);
  });

  it('is what the list shows: the list reads the stored figures, not the answers, and writes nothing', async () => {
    const person = await personWithKit();
    const saved = (await person.answer('DOS_UNWELL', { answerString: 'true' })) as Stat;
    // Changed behind the list's back, the stored figures are what it shows, and they stay as they were.
    const behind: StoredProgressMap = { DAY_OF_SAMPLING: [7, saved.totalQuestions, DOS.version] };
    await setStored(person.kitId, behind);
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(7);
    // Answers removed straight from the table (no save): the list still reads the stored figures.
    await t.database.db.delete(surveyAnswers).where(eq(surveyAnswers.kitId, person.kitId));
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(7);
    expect(await stored(person.kitId)).toEqual(behind);
  });

  it('follows every change a person makes: a delete, and an invalid number that deletes the answer', async () => {
    const person = await personWithKit();
    await person.answer('DOS_UNWELL', { answerString: 'true' });
    await person.answer('DOS_BRISTOL', { answers: [10303] });
    const removed = await person.remove('DOS_UNWELL');
    expect(removed.completedQuestions).toBe(1);
    expect((await stored(person.kitId))?.DAY_OF_SAMPLING?.[0]).toBe(1);
    expect(dosOf(await person.stats())).toEqual(removed);

    const number = DOS.questions.find(
      (q) => q.answerType === 'NUMBER' || q.answerType === 'DURATION_IN_DAYS',
    );
    if (!number) throw new Error('no number question in day of sampling');
    await person.answer(number.questionId, { answerString: String(number.min ?? 0) });
    expect((await stored(person.kitId))?.DAY_OF_SAMPLING?.[0]).toBe(2);
    // Out of range: refused, and the stored answer is deleted, with its figures, in one transaction.
    await person.answer(number.questionId, { answerString: '100000' }, 400);
    expect((await stored(person.kitId))?.DAY_OF_SAMPLING?.[0]).toBe(1);
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(1);
  });

  it('stores the figures of all the answers when saves of one kit arrive together', async () => {
    const person = await personWithKit();
    // Each save writes only if no other save of the kit came in between; the ones that lose read
    // again holding the kit's row (decision 036). So every answer is counted, and each save wrote once.
    const saves: [string, object][] = [
      ['DOS_UNWELL', { answerString: 'true' }],
      ['DOS_ANTIBIOTICS', { answerString: 'false' }],
      ['DOS_BRISTOL', { answers: [10303] }],
      ['DOS_TRAVEL', { answerString: 'false' }],
      ['DOS_BM_COUNT', { answerString: '1' }],
      ['DOS_WATER_GLASSES', { answerString: '2' }],
      ['DOS_ALCOHOL_DRINKS', { answerString: '0' }],
      ['DOS_SLEEP_HOURS', { answerString: '7' }],
    ];
    await Promise.all(saves.map(([id, body]) => person.answer(id, body)));
    expect((await stored(person.kitId))?.DAY_OF_SAMPLING?.[0]).toBe(saves.length);
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(saves.length);
    const [kit] = await t.database.db
      .select({ version: kits.answersVersion })
      .from(kits)
      .where(eq(kits.id, person.kitId));
    expect(kit?.version).toBe(saves.length);
  });

  it('is computed from the answers on read, without writing, when of an older version or from before', async () => {
    const person = await personWithKit();
    const saved = (await person.answer('DOS_UNWELL', { answerString: 'true' })) as Stat;

    const older: StoredProgressMap = { DAY_OF_SAMPLING: [5, 99, DOS.version - 1] };
    await setStored(person.kitId, older);
    expect(dosOf(await person.stats())).toEqual(saved);
    expect(await stored(person.kitId)).toEqual(older);

    // A kit answered before saves stored figures (a trigger left it null).
    await setStored(person.kitId, null);
    expect(dosOf(await person.stats())).toEqual(saved);
    expect(await stored(person.kitId)).toBeNull();
    // Its next save stores that questionnaire, and leaves its other answered ones to be computed.
    await t.database.db.delete(surveyAnswers).where(eq(surveyAnswers.kitId, person.kitId));
    await completeQuestionnaires(t.database.db, person.kitId);
    await setStored(person.kitId, null);
    await person.answer('DOS_UNWELL', { answerString: 'false' });
    const after = await stored(person.kitId);
    expect(after?.DAY_OF_SAMPLING?.[2]).toBe(DOS.version);
    for (const type of surveyCatalog().keys())
      if (type !== 'DAY_OF_SAMPLING') expect(after?.[type]).toBeNull();
    for (const s of await person.stats()) expect(s.completedQuestions).toBe(s.totalQuestions);
  });

  it('goes with its kit: answers go by cascade with the kit, and no trigger touches kits', async () => {
    const person = await personWithKit();
    await person.answer('DOS_UNWELL', { answerString: 'true' });
    const triggers = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_trigger where tgrelid = 'survey_answers'::regclass and not tgisinternal`,
    )) as unknown as { rows: { n: number }[] };
    expect(triggers.rows[0]?.n).toBe(0);
    await t.database.db.delete(kits).where(eq(kits.id, person.kitId));
    const left = await t.database.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.kitId, person.kitId));
    expect(left).toEqual([]);
  });
});
