import { CANDIDATE_IMPORT_MESSAGES } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, outbox, staffAudit } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  notificationsOfKind,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { parseCsv } from './candidate-import.ts';

/** Bulk candidate import (issue 34 item 18). */
let t: TestApp;
let study: Awaited<ReturnType<typeof signedInStaff>>;

const send = (url: string, payload: object, token = study.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const candidatesOf = (id: number) =>
  t.database.db.select().from(candidates).where(eq(candidates.recruitmentId, id));

beforeAll(async () => {
  t = await createTestApp();
  study = await signedInStaff(t.app, ['STUDY']);
}, 60_000);
afterAll(() => t.close());

async function newRecruitment() {
  const res = await send('/api/staff/recruitments', {
    title: `Gut study ${Date.now().toString(36)}`,
    consents: [
      {
        title: 'Study information',
        htmlContent: '<p>About it.</p>',
        agreeLabel: 'I agree',
        disagreeLabel: 'No',
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}
const importUrl = (id: number) => `/api/staff/recruitments/${id}/candidates/import`;

describe('importing candidates from a CSV', () => {
  it('reads quoted fields, semicolons and a byte-order mark', () => {
    expect(parseCsv('\uFEFFemail;First Name\r\n"a@x.org";"Smith, ""Jo"""\n\n')).toEqual([
      ['email', 'First Name'],
      ['a@x.org', 'Smith, "Jo"'],
    ]);
  });

  it('invites each new candidate by email, skips ones already there, and audits it', async () => {
    const r = await newRecruitment();
    const existing = `kept.${Date.now()}@example.com`;
    expect(
      (
        await send(`/api/staff/recruitments/${r.id}/candidates`, {
          email: existing,
          firstName: 'Kim',
          lastName: 'Kept',
        })
      ).statusCode,
    ).toBe(201);
    const a = `ana.${Date.now()}@example.com`;
    const b = `ben.${Date.now()}@example.com`;
    const csv = `email,first_name,last name,phone\n${a},Ana,Ames,0412 000 111\n"${b}","Ben","O""Brien",\n${existing.toUpperCase()},Kim,Kept,\n`;
    const res = await send(importUrl(r.id), { csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      invited: 2,
      skipped: [{ line: 4, email: existing }],
      message: CANDIDATE_IMPORT_MESSAGES.imported(2, 1),
    });
    const rows = await candidatesOf(r.id);
    expect(rows.map((c) => c.email).sort()).toEqual([a, b, existing].sort());
    expect(rows.find((c) => c.email === b)?.lastName).toBe('O"Brien');
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, a)).orderBy(desc(outbox.id));
    expect(mail?.kind).toBe('candidate-invitation');
    expect(mail?.subject).toContain(r.title);
    expect(((mail?.links ?? []) as string[]).some((link) => link.includes('/consent/'))).toBe(true);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, existing))).toHaveLength(0);
    // A candidate has no account: an email-only notification (decision 058), its mail sent once.
    const notices = await notificationsOfKind(t.database.db, { recipient: a }, 'candidate-invitation');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      userId: null,
      category: 'CONSENT',
      subject: mail?.subject,
      link: expect.stringMatching(new RegExp(`^/recruitment/${r.id}/candidate/[\\w-]+/consent/\\d+$`)),
      channels: ['EMAIL'],
      mail: { id: mail?.id },
    });
    expect(await notificationsOfKind(t.database.db, { recipient: existing }, 'candidate-invitation')).toEqual(
      [],
    );
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(
        and(eq(staffAudit.action, 'recruitment.candidates.import'), eq(staffAudit.entityId, String(r.id))),
      );
    expect(entry).toMatchObject({ actorId: study.id, after: { invited: 2, skipped: 1, lines: 3 } });
  });

  it('imports nothing when one line is bad, naming each bad line; refuses a file without the columns', async () => {
    const r = await newRecruitment();
    const good = `good.${Date.now()}@example.com`;
    const res = await send(importUrl(r.id), {
      csv: `email,firstName,lastName\n${good},Gail,Good\nnot-an-email,Bad,Line\n${good},Gail,Again\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Nothing was imported.');
    expect(res.json().message).toContain('line 3:');
    expect(res.json().message).toContain(`line 4: ${CANDIDATE_IMPORT_MESSAGES.duplicateInFile}`);
    expect(await candidatesOf(r.id)).toEqual([]);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, good))).toHaveLength(0);

    const noColumns = await send(importUrl(r.id), { csv: 'mail,name\nx@y.org,X\n' });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(
      CANDIDATE_IMPORT_MESSAGES.missingColumns('email, firstName, lastName'),
    );
    const empty = await send(importUrl(r.id), { csv: 'email,firstName,lastName\n' });
    expect(empty.json().message).toBe(CANDIDATE_IMPORT_MESSAGES.empty);
    expect(
      (
        await send('/api/staff/recruitments/999999/candidates/import', {
          csv: 'email,firstName,lastName\na@b.org,A,B',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is for STUDY (and ADMIN): a customer and other roles are refused, nothing imported', async () => {
    const r = await newRecruitment();
    const csv = `email,firstName,lastName\nsneak.${Date.now()}@example.com,S,N\n`;
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const customer = await signedInUser(t.app);
    for (const token of [support.accessToken, customer.accessToken])
      expect((await send(importUrl(r.id), { csv }, token)).statusCode).toBe(403);
    expect(await candidatesOf(r.id)).toEqual([]);
  });
});
