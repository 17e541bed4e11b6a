import { CASE_NOTE_MAX, CASE_NOTE_MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseNotes, staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

/** Support's case notes on a person (issue 34 item 13). */
let t: TestApp;
let support: Awaited<ReturnType<typeof signedInStaff>>;
let person: Awaited<ReturnType<typeof signedInUser>>;

const notesUrl = (id: string) => `/api/staff/people/${id}/notes`;
const add = (id: string, body: unknown, token = support.accessToken) =>
  t.app.inject({ method: 'POST', url: notesUrl(id), headers: bearer(token), payload: { body } });
const list = (id: string, token = support.accessToken) =>
  t.app.inject({ url: notesUrl(id), headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  support = await signedInStaff(t.app, ['SUPPORT']);
  person = await signedInUser(t.app, { firstName: 'Cass', lastName: 'Caller' });
}, 60_000);
afterAll(() => t.close());

describe('case notes', () => {
  it('adds notes with their author, lists them newest first, and audits each without its text', async () => {
    const first = await add(person.id, '  Called about a late kit; promised a follow-up on Friday. ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      body: 'Called about a late kit; promised a follow-up on Friday.',
      author: 'Sam SUPPORT',
    });
    await add(person.id, 'Followed up: kit arrived.');
    const notes = (await list(person.id)).json().notes as { body: string }[];
    expect(notes.map((n) => n.body)).toEqual([
      'Followed up: kit arrived.',
      'Called about a late kit; promised a follow-up on Friday.',
    ]);
    const entries = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectId, person.id), eq(staffAudit.action, 'person.note.add')));
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain('late kit');
    // The person reads that a note was written, never the note.
    const mine = (await t.app.inject({ url: '/api/me/audit', headers: bearer(person.accessToken) })).json();
    expect(JSON.stringify(mine)).toContain('Wrote a note about your call with us');
    expect(JSON.stringify(mine)).not.toContain('late kit');
  });

  it('refuses an empty or too long note and an unknown person, storing nothing', async () => {
    const other = await signedInUser(t.app);
    const empty = await add(other.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CASE_NOTE_MESSAGES.required);
    const long = await add(other.id, 'x'.repeat(CASE_NOTE_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CASE_NOTE_MESSAGES.tooLong);
    expect((await add('00000000-0000-4000-8000-000000000000', 'Hello')).statusCode).toBe(404);
    expect(await t.database.db.select().from(caseNotes).where(eq(caseNotes.userId, other.id))).toEqual([]);
  });

  it('is for SUPPORT (and ADMIN): the person, another customer, LAB and a support view are refused', async () => {
    const lab = await signedInStaff(t.app, ['LAB']);
    const other = await signedInUser(t.app);
    const view = await t.app.inject({
      method: 'POST',
      url: `/api/staff/people/${person.id}/support-view`,
      headers: bearer(support.accessToken),
    });
    expect(view.statusCode, view.body).toBe(200);
    for (const token of [person.accessToken, other.accessToken, lab.accessToken, view.json().access_token]) {
      expect((await list(person.id, token)).statusCode).toBe(403);
      expect((await add(person.id, 'Sneaky', token)).statusCode).toBe(403);
    }
    const admin = await signedInStaff(t.app, ['ADMIN']);
    expect((await list(person.id, admin.accessToken)).statusCode).toBe(200);
    expect(JSON.stringify((await list(person.id)).json())).not.toContain('Sneaky');
  });
});
