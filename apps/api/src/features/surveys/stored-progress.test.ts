import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread } from '../../db/pglite-thread.ts';
import { kits, type StoredProgressMap, surveyAnswers } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { completeQuestionnaires } from '../../test/questionnaires.ts';
import { storeProgressIfCurrent, surveyCatalog } from './surveys.service.ts';

/**
 * Questionnaire progress stored on the kit (decision 018): the kits list reads the stored figures, any
 * change to an answer marks them out of date, and out-of-date figures are computed again from the answers.
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
    async answer(questionId: string, body: object) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/kits/${kit.id}/surveys/day-of-sampling`,
        headers: bearer(token),
        payload: { questionId, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async remove(questionId: string) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/kits/${kit.id}/surveys/day-of-sampling/answers/${questionId}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}

const stored = async (kitId: number) => {
  const [row] = await t.database.db
    .select({ progress: kits.surveyProgress, stamp: kits.answersStamp })
    .from(kits)
    .where(eq(kits.id, kitId));
  if (!row) throw new Error(`no kit ${kitId}`);
  return row;
};
const setStored = (kitId: number, progress: StoredProgressMap | null) =>
  t.database.db.update(kits).set({ surveyProgress: progress }).where(eq(kits.id, kitId));
const completedOf = (stats: Stat[], type: string) =>
  stats.find((s) => s.surveyType === type)?.completedQuestions;

describe('stored questionnaire progress', () => {
  it('is stored when the kits list first reads it, then read from the kit instead of the answers', async () => {
    const person = await personWithKit();
    expect(await stored(person.kitId)).toEqual({ progress: {}, stamp: 0 });
    await person.answer('DOS_UNWELL', { answers: [], answerString: 'true' });
    await person.answer('DOS_BRISTOL', { answers: [10303] });
    // Each save marked the figures out of date and moved the stamp on.
    expect(await stored(person.kitId)).toEqual({ progress: { DAY_OF_SAMPLING: null }, stamp: 2 });

    const stats = await person.stats();
    expect(completedOf(stats, 'DAY_OF_SAMPLING')).toBe(2);
    const dos = stats.find((s) => s.surveyType === 'DAY_OF_SAMPLING') as Stat;
    expect(await stored(person.kitId)).toEqual({
      progress: { DAY_OF_SAMPLING: [2, dos.totalQuestions, DOS.version] },
      stamp: 2,
    });

    // The list now reads the stored figures: changed behind its back, they are what it shows.
    await setStored(person.kitId, { DAY_OF_SAMPLING: [1, dos.totalQuestions, DOS.version] });
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(1);
  });

  it('goes out of date on any change to an answer, by any path, and is computed again', async () => {
    const person = await personWithKit();
    await person.answer('DOS_UNWELL', { answers: [], answerString: 'true' });
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(1);

    // Answers deleted and written straight in the table, as a clean-up or an import would.
    await t.database.db.delete(surveyAnswers).where(eq(surveyAnswers.kitId, person.kitId));
    expect((await stored(person.kitId)).progress).toEqual({ DAY_OF_SAMPLING: null });
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(0);
    await completeQuestionnaires(t.database.db, person.kitId);
    const { progress, stamp } = await stored(person.kitId);
    expect(stamp).toBeGreaterThan(1);
    for (const type of surveyCatalog().keys()) expect(progress?.[type]).toBeNull();
    const complete = await person.stats();
    expect(complete.length).toBeGreaterThan(1);
    for (const s of complete) expect(s.completedQuestions).toBe(s.totalQuestions);

    // A deleted answer.
    const before = completedOf(complete, 'DAY_OF_SAMPLING') as number;
    const [some] = await t.database.db
      .select({ questionId: surveyAnswers.questionId })
      .from(surveyAnswers)
      .where(
        sql`${surveyAnswers.kitId} = ${person.kitId} and ${surveyAnswers.surveyType} = 'DAY_OF_SAMPLING'`,
      )
      .limit(1);
    await person.remove(some?.questionId as string);
    expect((await stored(person.kitId)).progress?.DAY_OF_SAMPLING).toBeNull();
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(before - 1);
  });

  it('is computed again when stored under an older questionnaire version or before it was stored', async () => {
    const person = await personWithKit();
    await person.answer('DOS_UNWELL', { answers: [], answerString: 'true' });
    const total = (await person.stats()).find((s) => s.surveyType === 'DAY_OF_SAMPLING')?.totalQuestions;

    await setStored(person.kitId, { DAY_OF_SAMPLING: [5, 99, DOS.version - 1] });
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(1);
    expect((await stored(person.kitId)).progress).toEqual({ DAY_OF_SAMPLING: [1, total, DOS.version] });

    // A kit answered before progress was stored (the migration leaves its figures null).
    await setStored(person.kitId, null);
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(1);
    expect((await stored(person.kitId)).progress).toEqual({ DAY_OF_SAMPLING: [1, total, DOS.version] });
  });

  it('is computed and stored for several kits at once, each its own', async () => {
    const user = await signedInUser(t.app, { dob: '1990-01-01' });
    const ids = await activatedKits(user.email, 2);
    const questions = [['DOS_UNWELL'], ['DOS_UNWELL', 'DOS_ANTIBIOTICS']];
    for (const [i, id] of ids.entries()) {
      for (const questionId of questions[i] ?? []) {
        const saved = await t.app.inject({
          method: 'PUT',
          url: `/api/kits/${id}/surveys/day-of-sampling`,
          headers: bearer(user.accessToken),
          payload: { questionId, answers: [], answerString: 'false' },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
    }
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/kits', headers: bearer(user.accessToken) })
    ).json() as { id: number; surveysStats: Stat[] }[];
    for (const [i, id] of ids.entries()) {
      const stats = list.find((k) => k.id === id)?.surveysStats ?? [];
      expect(completedOf(stats, 'DAY_OF_SAMPLING')).toBe(i + 1);
      expect((await stored(id)).progress?.DAY_OF_SAMPLING?.[0]).toBe(i + 1);
    }
  });

  it('is not stored when an answer changed after the figures were computed', async () => {
    const person = await personWithKit();
    await person.answer('DOS_UNWELL', { answers: [], answerString: 'true' });
    const { stamp } = await stored(person.kitId);
    // Another save lands between computing the figures and storing them.
    await person.answer('DOS_BRISTOL', { answers: [10303] });
    const late: StoredProgressMap = { DAY_OF_SAMPLING: [1, 20, DOS.version] };
    expect(
      await storeProgressIfCurrent(t.database.db, [{ kitId: person.kitId, stamp, progress: late }]),
    ).toEqual([]);
    expect((await stored(person.kitId)).progress).toEqual({ DAY_OF_SAMPLING: null });
    expect(completedOf(await person.stats(), 'DAY_OF_SAMPLING')).toBe(2);
  });
});

describe('the migration that stores progress', () => {
  it('leaves kits answered before it without figures, and others with none to compute', async () => {
    const real = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    fs.cpSync(real, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0013_survey_progress');
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalPath, JSON.stringify(journal));

    const thread = await startPgliteThread();
    try {
      const db = drizzle(thread.pool as unknown as pg.Pool);
      await migrate(db, { migrationsFolder: before });
      await db.execute(sql`insert into projects (name) values ('Before')`);
      await db.execute(sql`insert into kits (project_id, hashed_id, sample_identifier, voucher_code)
        select id, 'h' || n, 's' || n, 'v' || n from projects, generate_series(1, 2) n where name = 'Before'`);
      await db.execute(sql`insert into survey_answers (kit_id, survey_type, question_id, answers, definition_version)
        select min(id), 'DAY_OF_SAMPLING', 'DOS_UNWELL', '{}', 1 from kits`);

      await migrate(db, { migrationsFolder: real });
      const rows = await db.execute<{ id: number; survey_progress: unknown; answers_stamp: string }>(
        sql`select id, survey_progress, answers_stamp from kits order by id`,
      );
      expect(rows.rows.map((r) => [r.survey_progress, Number(r.answers_stamp)])).toEqual([
        [null, 0],
        [{}, 0],
      ]);
    } finally {
      await thread.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
