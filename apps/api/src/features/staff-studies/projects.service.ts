import {
  encodeParticipantCode,
  PROJECT_SURVEY_KEYS,
  type ProjectSurveyKey,
  STUDY_MESSAGES,
  STUDY_PAGE_SIZE,
  type StaffProjectRow,
  type staffProjectCreateSchema,
  VOUCHER_CSV_COLUMNS,
} from '@portal/domain';
import { and, asc, desc, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { kits, type ProjectRow, participantCodes, projectMembers, projects } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { idCursor, keysetPage } from '../../lib/keyset-page.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { createKits, formatVoucher } from '../kits/index.ts';
import { createProject, issueParticipantCode, SURVEY_FLAGS } from '../research/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * Research projects in the console (STUDY): newest first by keyset on the project number (project 1 is
 * the consumer product line, not a study), each with its own participant code and counts; a new project,
 * its questionnaires, a batch of vouchers, a participant code for one email, and the voucher list as CSV.
 * Each change runs the ops CLI's own service inside a transaction with its audit entry.
 */
const surveysOf = (project: ProjectRow): ProjectSurveyKey[] =>
  PROJECT_SURVEY_KEYS.filter((key) => project[SURVEY_FLAGS[key]]);

// Drizzle leaves columns of a one-table select unqualified, so the outer row is named in full.
const counts = {
  kits: sql<number>`(select count(*)::int from ${kits} where ${kits.projectId} = "projects"."id")`,
  redeemedKits: sql<number>`(select count(*)::int from ${kits} where ${kits.projectId} = "projects"."id" and ${kits.redeemedAt} is not null)`,
  members: sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = "projects"."id")`,
  issuedCodes: sql<number>`(select count(*)::int from ${participantCodes} where ${participantCodes.projectId} = "projects"."id")`,
  usedCodes: sql<number>`(select count(*)::int from ${participantCodes} where ${participantCodes.projectId} = "projects"."id" and ${participantCodes.usedAt} is not null)`,
};

async function projectRows(db: DbOrTx, where: SQL | undefined, limit: number): Promise<StaffProjectRow[]> {
  const rows = await db
    .select({ project: projects, ...counts })
    .from(projects)
    .where(and(ne(projects.id, 1), where))
    .orderBy(desc(projects.id))
    .limit(limit);
  return rows.map(({ project, ...n }) => ({
    id: project.id,
    name: project.name,
    participantCode: encodeParticipantCode(project.id),
    contactName: project.contactName,
    phone: project.phone,
    email: project.email,
    logisticType: project.logisticType,
    resultDeliveryType: project.resultDeliveryType,
    surveys: surveysOf(project),
    createdAt: project.createdAt.toISOString(),
    version: project.version,
    kits: Number(n.kits),
    redeemedKits: Number(n.redeemedKits),
    members: Number(n.members),
    issuedCodes: Number(n.issuedCodes),
    usedCodes: Number(n.usedCodes),
  }));
}

export async function projectRow(db: DbOrTx, id: number): Promise<StaffProjectRow> {
  const [row] = id === 1 ? [] : await projectRows(db, eq(projects.id, id), 1);
  if (!row) throw notFound(STUDY_MESSAGES.projectNotFound);
  return row;
}

export async function listProjects(db: DbOrTx, after?: string) {
  const rows = await projectRows(db, after ? lt(projects.id, Number(after)) : undefined, STUDY_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, STUDY_PAGE_SIZE, idCursor);
  return { projects: page, next };
}

export async function createProjectByStaff(
  ctx: AppContext,
  principal: Principal,
  input: z.output<typeof staffProjectCreateSchema>,
): Promise<StaffProjectRow> {
  return ctx.db.transaction(async (tx) => {
    const created = await createProject({ ...ctx, db: tx }, input);
    const row = await projectRow(tx, created.id);
    await recordStaffAction(tx, principal, {
      action: 'project.create',
      entity: 'project',
      entityId: String(created.id),
      after: {
        name: row.name,
        logisticType: row.logisticType,
        resultDeliveryType: row.resultDeliveryType,
        surveys: row.surveys,
      },
    });
    return row;
  });
}

export async function updateProjectSurveys(
  ctx: AppContext,
  principal: Principal,
  id: number,
  surveys: ProjectSurveyKey[],
  version: number,
): Promise<StaffProjectRow> {
  return ctx.db.transaction(async (tx) => {
    // The row lock orders two staff edits; the second, from the version both loaded, is refused.
    if (id !== 1)
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update');
    const before = await projectRow(tx, id);
    if (version !== before.version) throw conflict(STUDY_MESSAGES.staleProject);
    const wanted = new Set(surveys);
    await tx
      .update(projects)
      .set({
        ...Object.fromEntries(PROJECT_SURVEY_KEYS.map((key) => [SURVEY_FLAGS[key], wanted.has(key)])),
        version: sql`${projects.version} + 1`,
      })
      .where(eq(projects.id, id));
    const after = await projectRow(tx, id);
    await recordStaffAction(tx, principal, {
      action: 'project.surveys.change',
      entity: 'project',
      entityId: String(id),
      before: { surveys: before.surveys },
      after: { surveys: after.surveys },
    });
    return after;
  });
}

/** New kits of the project with their vouchers (ops kits:create --project), to hand to participants. */
export async function createProjectVouchers(
  ctx: AppContext,
  principal: Principal,
  id: number,
  count: number,
) {
  return ctx.db.transaction(async (tx) => {
    await projectRow(tx, id);
    const created = await createKits({ ...ctx, db: tx }, { count, projectId: id });
    await recordStaffAction(tx, principal, {
      action: 'project.vouchers.create',
      entity: 'project',
      entityId: String(id),
      after: { count: created.length, kitIds: [created[0]?.id, created.at(-1)?.id] },
    });
    return {
      vouchers: created.map((k) => ({
        kitId: k.id,
        voucherCode: k.voucherCode,
        sampleIdentifier: k.sampleIdentifier,
      })),
    };
  });
}

/** A participant code bound to one email (ops participant-code:issue); the code itself is shown once. */
export async function issueCodeByStaff(ctx: AppContext, principal: Principal, id: number, email: string) {
  await projectRow(ctx.db, id);
  return ctx.db.transaction(async (tx) => {
    const issued = await issueParticipantCode({ ...ctx, db: tx }, id, email);
    // The code is not written down: only its keyed hash is kept, and the log must not undo that.
    await recordStaffAction(tx, principal, {
      action: 'project.participant_code.issue',
      entity: 'project',
      entityId: String(id),
      after: { email: issued.email },
    });
    return { email: issued.email, participantCode: issued.participantCode };
  });
}

export async function listParticipantCodes(db: DbOrTx, id: number, after?: string) {
  await projectRow(db, id);
  const rows = await db
    .select()
    .from(participantCodes)
    .where(
      and(eq(participantCodes.projectId, id), after ? lt(participantCodes.id, Number(after)) : undefined),
    )
    .orderBy(desc(participantCodes.id))
    .limit(STUDY_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, STUDY_PAGE_SIZE, idCursor);
  return {
    codes: page.map((r) => ({
      id: r.id,
      email: r.email,
      createdAt: r.createdAt.toISOString(),
      usedAt: r.usedAt?.toISOString() ?? null,
    })),
    next,
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading formula sign is defused. */
const csvField = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The project's vouchers as CSV, oldest kit first, read a thousand at a time by keyset on the kit id:
 * the kit, its voucher as printed, its sample id, its status and when it was redeemed. No owner: the
 * list is for handing vouchers out. The export is audited.
 */
export async function voucherCsv(ctx: AppContext, principal: Principal, id: number) {
  const project = await projectRow(ctx.db, id);
  const lines = [VOUCHER_CSV_COLUMNS.join(',')];
  let last = 0;
  for (;;) {
    const rows = await ctx.db
      .select({
        id: kits.id,
        voucherCode: kits.voucherCode,
        sampleIdentifier: kits.sampleIdentifier,
        kitStatus: kits.kitStatus,
        redeemedAt: kits.redeemedAt,
      })
      .from(kits)
      .where(and(eq(kits.projectId, id), gt(kits.id, last)))
      .orderBy(asc(kits.id))
      .limit(1000);
    for (const k of rows)
      lines.push(
        [
          String(k.id),
          formatVoucher(k.voucherCode),
          k.sampleIdentifier,
          k.kitStatus,
          k.redeemedAt?.toISOString() ?? '',
        ]
          .map(csvField)
          .join(','),
      );
    const end = rows.at(-1);
    if (!end || rows.length < 1000) break;
    last = end.id;
  }
  await recordStaffAction(ctx.db, principal, {
    action: 'project.vouchers.export',
    entity: 'project',
    entityId: String(id),
    after: { vouchers: lines.length - 1 },
  });
  return { fileName: `vouchers-project-${project.id}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
