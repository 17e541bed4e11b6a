import type { CaseNote, CaseNoteInput } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import { caseNotes, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { personRow } from './person.service.ts';

/**
 * Support's case notes on a person (issue 34 item 13): what a caller said and what was promised, newest
 * first. The author's name is kept as it was written. Adding one is audited (without its text: the
 * person reads that a note was written, not the note).
 */
const toNote = (row: typeof caseNotes.$inferSelect): CaseNote => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  author: row.authorLabel,
  body: row.body,
});

export async function listCaseNotes(ctx: AppContext, id: string) {
  await personRow(ctx, id);
  const rows = await ctx.db
    .select()
    .from(caseNotes)
    .where(eq(caseNotes.userId, id))
    .orderBy(desc(caseNotes.createdAt), desc(caseNotes.id))
    .limit(200);
  return { notes: rows.map(toNote) };
}

export async function addCaseNote(ctx: AppContext, principal: Principal, id: string, input: CaseNoteInput) {
  await personRow(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, principal.userId));
    const [row] = await tx
      .insert(caseNotes)
      .values({
        userId: id,
        authorId: principal.userId,
        authorLabel: author ? `${author.firstName} ${author.lastName}`.trim() : 'operator key',
        body: input.body,
      })
      .returning();
    if (!row) throw new Error('note not stored');
    await recordStaffAction(tx, principal, {
      action: 'person.note.add',
      entity: 'user',
      entityId: id,
      subjectId: id,
      after: { noteId: row.id },
    });
    return toNote(row);
  });
}
