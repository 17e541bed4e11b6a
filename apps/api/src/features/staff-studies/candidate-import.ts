import {
  CANDIDATE_IMPORT_MAX_ROWS,
  CANDIDATE_IMPORT_MESSAGES,
  type StaffCandidateImportResult,
  staffCandidateCreateSchema,
} from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { candidates } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { notifyAddress } from '../notifications/index.ts';
import { createCandidate } from '../recruitment/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { recruitmentDetail } from './recruitments.service.ts';

/** One CSV record per line (RFC 4180: quoted fields may hold commas, quotes doubled, and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const COLUMN = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const COLUMNS = {
  email: 'email',
  firstname: 'firstName',
  lastname: 'lastName',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
} as const;

/**
 * Imports candidates from a CSV, all or nothing: every line is checked with the same schema as one
 * invitation, and a single bad line imports nothing (each bad line named with its reason). Emails
 * already candidates of the recruitment are skipped and listed; each new candidate is created and
 * emailed the invitation (their consent and unsubscribe links) in the one transaction, which is audited.
 */
export async function importCandidates(
  ctx: AppContext,
  principal: Principal,
  recruitmentId: number,
  csv: string,
): Promise<StaffCandidateImportResult> {
  const recruitment = await recruitmentDetail(ctx.db, recruitmentId);
  const [header, ...records] = parseCsv(csv);
  if (!header || records.length === 0) throw invalid(CANDIDATE_IMPORT_MESSAGES.empty);
  if (records.length > CANDIDATE_IMPORT_MAX_ROWS) throw invalid(CANDIDATE_IMPORT_MESSAGES.tooMany);
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const column = COLUMNS[COLUMN(name) as keyof typeof COLUMNS];
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = ['email', 'firstName', 'lastName'].filter((c) => !index.has(c));
  if (missing.length) throw invalid(CANDIDATE_IMPORT_MESSAGES.missingColumns(missing.join(', ')));

  const cell = (record: string[], column: string) => {
    const i = index.get(column);
    return i === undefined ? '' : (record[i] ?? '').trim();
  };
  const problems: string[] = [];
  const people: { line: number; email: string; firstName: string; lastName: string; phoneNumber?: string }[] =
    [];
  const seen = new Set<string>();
  records.forEach((record, i) => {
    const line = i + 2;
    const phone = cell(record, 'phoneNumber');
    const parsed = staffCandidateCreateSchema.safeParse({
      email: cell(record, 'email'),
      firstName: cell(record, 'firstName'),
      lastName: cell(record, 'lastName'),
      ...(phone ? { phoneNumber: phone } : {}),
    });
    if (!parsed.success) {
      problems.push(`line ${line}: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
      return;
    }
    const email = parsed.data.email.trim().toLowerCase();
    if (seen.has(email)) {
      problems.push(`line ${line}: ${CANDIDATE_IMPORT_MESSAGES.duplicateInFile}`);
      return;
    }
    seen.add(email);
    people.push({
      line,
      ...parsed.data,
      email,
      ...(parsed.data.phoneNumber ? { phoneNumber: parsed.data.phoneNumber } : {}),
    });
  });
  if (problems.length) throw invalid(CANDIDATE_IMPORT_MESSAGES.badLines(problems.slice(0, 20).join('; ')));

  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const existing = new Set(
      (
        await tx
          .select({ email: candidates.email })
          .from(candidates)
          .where(
            and(
              eq(candidates.recruitmentId, recruitmentId),
              inArray(
                candidates.email,
                people.map((p) => p.email),
              ),
            ),
          )
      ).map((row) => row.email),
    );
    const skipped: { line: number; email: string }[] = [];
    let invited = 0;
    for (const person of people) {
      if (existing.has(person.email)) {
        skipped.push({ line: person.line, email: person.email });
        continue;
      }
      const created = await createCandidate(txCtx, recruitmentId, person);
      // A candidate has no account: the invitation is a notification by email only (decision 058).
      await notifyAddress(ctx, tx, person, {
        kind: 'candidate-invitation',
        title: recruitment.title,
        consentPath: created.consentLink?.slice(ctx.mail.publicUrl.length) ?? null,
        unsubscribeLink: created.unsubscribeLink,
      });
      invited++;
    }
    await recordStaffAction(tx, principal, {
      action: 'recruitment.candidates.import',
      entity: 'recruitment',
      entityId: String(recruitmentId),
      after: { invited, skipped: skipped.length, lines: records.length },
    });
    return { invited, skipped, message: CANDIDATE_IMPORT_MESSAGES.imported(invited, skipped.length) };
  });
}
