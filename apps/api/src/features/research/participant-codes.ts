import crypto from 'node:crypto';
import {
  decodeParticipantCode,
  encodeParticipantCode,
  ISSUED_CODE_NUMBERS,
  normaliseVoucher,
  PARTICIPANT_CODE_LENGTH,
  RESEARCH_MESSAGES,
  VOUCHER_REQUIRED,
} from '@portal/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  kits,
  type ProjectRow,
  participantCodes,
  projectMembers,
  projects,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';

/**
 * Participant codes (decision 021). Both kinds pass research §5's check in the browser (6 characters of
 * the fixed alphabet that sqids decodes):
 * - a project's own code encodes its project number, so anyone can compute it: on its own it joins
 *   nothing, and with a voucher of that project it joins;
 * - an issued code encodes a random number; the server issued it to one participant's email, keeps a
 *   keyed hash of email and code, and the first account of that email to join spends it.
 */

/** 6 characters from 29 letters is small: the hash is keyed, so a copy of the table alone gives no code. */
const codeHash = (secret: string, email: string, code: string) =>
  crypto
    .createHmac('sha256', `participant-code:${secret}`)
    .update(`${email.trim().toLowerCase()}\n${code}`)
    .digest('base64url');

const normalise = (raw: string) => raw.replace(/\s/g, '').toUpperCase();

const invalidCode = (code?: string) =>
  invalid(RESEARCH_MESSAGES.invalidCode, { participantIdentifier: RESEARCH_MESSAGES.invalidCode }, code);

/** ops participant-code:issue: a new code of the project for one participant's email; shown once. */
export async function issueParticipantCode(ctx: AppContext, projectId: number, email: string) {
  const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project || project.id === 1) throw notFound(`There is no research project ${projectId}.`);
  for (;;) {
    const code = encodeParticipantCode(
      crypto.randomInt(ISSUED_CODE_NUMBERS.min, ISSUED_CODE_NUMBERS.max + 1),
    );
    // sqids re-spells a code that would read as a blocked word, which can make it longer.
    if (code.length !== PARTICIPANT_CODE_LENGTH) continue;
    const [row] = await ctx.db
      .insert(participantCodes)
      .values({
        projectId,
        email: email.trim().toLowerCase(),
        codeHash: codeHash(ctx.jwtSecret, email, code),
      })
      .onConflictDoNothing()
      .returning({ id: participantCodes.id });
    if (row) return { projectId, email: email.trim().toLowerCase(), participantCode: code };
  }
}

type Resolved =
  | { kind: 'issued'; project: ProjectRow; codeId: number; usedBy: string | null; spent: boolean }
  | { kind: 'project'; project: ProjectRow };

/**
 * What a participant code given with this email names: a code issued to this email, or a project's own
 * code. A malformed code is 400 and a code that names neither is 404 (research §8).
 */
async function resolveCode(ctx: AppContext, raw: string, email: string): Promise<Resolved> {
  const code = normalise(raw);
  const number = decodeParticipantCode(code);
  if (number === null) throw invalidCode();
  if (number >= ISSUED_CODE_NUMBERS.min) {
    const [row] = email
      ? await ctx.db
          .select({ issued: participantCodes, project: projects })
          .from(participantCodes)
          .innerJoin(projects, eq(projects.id, participantCodes.projectId))
          .where(eq(participantCodes.codeHash, codeHash(ctx.jwtSecret, email, code)))
      : [];
    if (!row) throw notFound(RESEARCH_MESSAGES.codeNotFound);
    const { issued, project } = row;
    return {
      kind: 'issued',
      project,
      codeId: issued.id,
      usedBy: issued.usedBy,
      spent: issued.usedAt !== null,
    };
  }
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, number));
  // Project 1 is the consumer product line, not a study.
  if (!project || project.id === 1) throw notFound(RESEARCH_MESSAGES.codeNotFound);
  return { kind: 'project', project };
}

/**
 * Step 0 of research registration (post project register): the code must be one issued to this email
 * and not spent; a project's own code alone is 'Invalid participant code.'. An email that already has
 * an account answers 409 as research §8 requires (decision records 005 and 021).
 */
export async function registerCheck(ctx: AppContext, participantIdentifier: string, username: string) {
  const email = username.trim().toLowerCase();
  const resolved = await resolveCode(ctx, participantIdentifier, email);
  if (resolved.kind === 'project') throw invalidCode(VOUCHER_REQUIRED);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new AppError(409, 'CONFLICT', RESEARCH_MESSAGES.emailExists);
  if (resolved.spent) throw invalidCode();
  return { researchProjectName: resolved.project.name };
}

/** A voucher of this project that this person may still claim. */
async function projectVoucher(ctx: AppContext, userId: string, projectId: number, voucher: string) {
  const [kit] = await ctx.db
    .select({ id: kits.id })
    .from(kits)
    .where(
      and(
        eq(kits.voucherCode, normaliseVoucher(voucher)),
        eq(kits.projectId, projectId),
        or(isNull(kits.ownerId), eq(kits.ownerId, userId)),
        inArray(kits.kitStatus, ['UNASSIGNED', 'ASSIGNED', 'REDEEMED']),
      ),
    );
  return kit !== undefined;
}

/**
 * join research: the signed-in participant joins the project of a code issued to their email (which it
 * spends), or of a project's own code given with a voucher of that project. The project's code alone
 * answers 'Invalid participant code.' with VOUCHER_REQUIRED.
 */
export async function joinResearch(
  ctx: AppContext,
  userId: string,
  participantIdentifier: string,
  voucher?: string | undefined,
) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const resolved = await resolveCode(ctx, participantIdentifier, user?.email ?? '');
  const { project } = resolved;
  if (resolved.kind === 'project') {
    if (voucher === undefined) throw invalidCode(VOUCHER_REQUIRED);
    if (!(await projectVoucher(ctx, userId, project.id, voucher))) throw invalid(RESEARCH_MESSAGES.mismatch);
  }
  await ctx.db.transaction(async (tx) => {
    if (resolved.kind === 'issued') {
      // Spent by the first account to join with it; joining again with it is harmless.
      const [spent] = await tx
        .update(participantCodes)
        .set({ usedBy: userId, usedAt: sql`coalesce(${participantCodes.usedAt}, now())` })
        .where(
          and(
            eq(participantCodes.id, resolved.codeId),
            or(isNull(participantCodes.usedAt), eq(participantCodes.usedBy, userId)),
          ),
        )
        .returning({ id: participantCodes.id });
      if (!spent) throw invalidCode();
    }
    await tx.insert(projectMembers).values({ userId, projectId: project.id }).onConflictDoNothing();
  });
  return { researchProjectName: project.name, projectId: project.id };
}

/**
 * The project a participant code names for this person, for research §5's match with a voucher: a
 * project's own code, or a code issued to them that nobody else spent. Null when it names none.
 */
export async function projectIdOfCode(ctx: AppContext, userId: string, participantIdentifier: string) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  try {
    const resolved = await resolveCode(ctx, participantIdentifier, user?.email ?? '');
    if (resolved.kind === 'issued' && resolved.spent && resolved.usedBy !== userId) return null;
    return resolved.project.id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
