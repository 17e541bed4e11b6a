import {
  funnelStages,
  kitNotificationText,
  PARTICIPANT_MESSAGES,
  PARTICIPANT_PAGE_SIZE,
  participantStatus,
  RESULT_KIT_STATUSES,
  type StaffFunnel,
  type StaffParticipantRow,
} from '@portal/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kits, participantCodes, projectMembers, recruitments, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { keysetPage } from '../../lib/keyset-page.ts';
import { projectRow } from './projects.service.ts';

/**
 * A project's participants with their kits, and the recruitment funnel of a project or a recruitment
 * (STUDY; issue 34 item 18). What each stage counts is decision 056-study-funnel: every stage is
 * a subset of the stage before, so a conversion is never over 100%.
 */

/** `%` and `_` typed into the search are letters, not patterns. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The project's members, newest first by keyset on (joined_at, account id), matched by the start of the
 * email or any part of the name; each with their kits of the project and where they stand.
 */
export async function listParticipants(db: DbOrTx, projectId: number, query: { q?: string; after?: string }) {
  await projectRow(db, projectId);
  const [at, id] = query.after ? query.after.split('|') : [];
  const q = query.q?.trim().toLowerCase();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      joinedAt: projectMembers.joinedAt,
      cursor: sql<string>`${projectMembers.joinedAt}::text`,
      invited: sql<boolean>`exists (select 1 from ${participantCodes} where ${participantCodes.projectId} = ${projectId} and ${participantCodes.usedBy} = ${users.id})`,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        q
          ? sql`(${users.email} like ${`${literal(q)}%`} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${`%${literal(q)}%`})`
          : undefined,
        at && id
          ? sql`(${projectMembers.joinedAt}, ${projectMembers.userId}) < (${at}::timestamptz, ${id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(projectMembers.joinedAt), desc(projectMembers.userId))
    .limit(PARTICIPANT_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, PARTICIPANT_PAGE_SIZE, (r) => `${r.cursor}|${r.id}`);
  const owned = page.length
    ? await db
        .select({
          id: kits.id,
          ownerId: kits.ownerId,
          kitStatus: kits.kitStatus,
          sampleStatus: kits.sampleStatus,
        })
        .from(kits)
        .where(
          and(
            eq(kits.projectId, projectId),
            inArray(
              kits.ownerId,
              page.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(kits.id))
    : [];
  return {
    participants: page.map(({ cursor: _c, joinedAt, ...row }): StaffParticipantRow => {
      const theirs = owned
        .filter((k) => k.ownerId === row.id)
        .map(({ ownerId: _o, ...k }) => ({ ...k, statusText: kitNotificationText(k) }));
      return { ...row, joinedAt: joinedAt.toISOString(), status: participantStatus(theirs), kits: theirs };
    }),
    next,
  };
}

const resultStatuses = sql.raw(RESULT_KIT_STATUSES.map((s) => `'${s}'`).join(', '));

type Counts = { invited: number; consented: number; kit: number; result: number };

/**
 * A project's funnel: invited = the people a participant code was issued to; consented = those of them
 * who joined the project with it (joining is the research consent); kit = those of them who hold a kit
 * of the project; result = those of them with a kit of the project whose results are out. Members who
 * joined with the project's own code are counted beside the funnel.
 */
export async function projectFunnel(db: DbOrTx, projectId: number): Promise<StaffFunnel> {
  await projectRow(db, projectId);
  const result = await db.execute(sql`
    with invited as (
      select distinct lower(email) as email from participant_codes where project_id = ${projectId}
    ), consented as (
      select distinct pc.used_by as user_id from participant_codes pc
      join project_members m on m.user_id = pc.used_by and m.project_id = pc.project_id
      where pc.project_id = ${projectId} and pc.used_by is not null
    ), kit as (
      select c.user_id from consented c
      where exists (select 1 from kits k where k.owner_id = c.user_id and k.project_id = ${projectId})
    ), result as (
      select c.user_id from kit c
      where exists (select 1 from kits k where k.owner_id = c.user_id and k.project_id = ${projectId}
        and k.kit_status in (${resultStatuses}))
    )
    select (select count(*) from invited)::int as invited,
      (select count(*) from consented)::int as consented,
      (select count(*) from kit)::int as kit,
      (select count(*) from result)::int as result,
      (select count(*) from project_members where project_id = ${projectId})::int as members`);
  const [row] = (result as unknown as { rows: (Counts & { members: number })[] }).rows;
  const counts = row ?? { invited: 0, consented: 0, kit: 0, result: 0, members: 0 };
  return {
    stages: funnelStages({
      INVITED: Number(counts.invited),
      CONSENTED: Number(counts.consented),
      KIT: Number(counts.kit),
      RESULT: Number(counts.result),
    }),
    joinedWithoutInvitation: Number(counts.members) - Number(counts.consented),
  };
}

/**
 * A recruitment's funnel: invited = its candidates; consented = those who agreed to every consent of its
 * chain; kit = those of them whose email is an account that holds a kit of a research project; result =
 * those of them with such a kit whose results are out.
 */
export async function recruitmentFunnel(db: DbOrTx, recruitmentId: number): Promise<StaffFunnel> {
  const [recruitment] = await db
    .select({ id: recruitments.id })
    .from(recruitments)
    .where(eq(recruitments.id, recruitmentId));
  if (!recruitment) throw notFound(PARTICIPANT_MESSAGES.recruitmentNotFound);
  const result = await db.execute(sql`
    with chain as (
      select id from recruitment_consents where recruitment_id = ${recruitmentId}
    ), invited as (
      select id, lower(email) as email from candidates where recruitment_id = ${recruitmentId}
    ), consented as (
      select i.id, i.email from invited i
      where (select count(*) from chain) > 0
        and (select count(*) from candidate_responses r
             where r.candidate_id = i.id and r.consented and r.consent_id in (select id from chain))
          = (select count(*) from chain)
    ), kit as (
      select c.id, u.id as user_id from consented c join users u on u.email = c.email
      where exists (select 1 from kits k where k.owner_id = u.id and k.project_id <> 1)
    ), result as (
      select c.id from kit c
      where exists (select 1 from kits k where k.owner_id = c.user_id and k.project_id <> 1
        and k.kit_status in (${resultStatuses}))
    )
    select (select count(*) from invited)::int as invited,
      (select count(*) from consented)::int as consented,
      (select count(*) from kit)::int as kit,
      (select count(*) from result)::int as result`);
  const [row] = (result as unknown as { rows: Counts[] }).rows;
  return {
    stages: funnelStages({
      INVITED: Number(row?.invited ?? 0),
      CONSENTED: Number(row?.consented ?? 0),
      KIT: Number(row?.kit ?? 0),
      RESULT: Number(row?.result ?? 0),
    }),
  };
}
