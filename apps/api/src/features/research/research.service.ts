import { encodeParticipantCode, type Kit, RESEARCH_MESSAGES } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { type ProjectRow, projectMembers, projects } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { listUserKits, redeemableKitByVoucher } from '../kits/index.ts';
import { projectIdOfCode } from './participant-codes.ts';

/** Each questionnaire's switch on the project (ops project:create --surveys, the console's Studies). */
export const SURVEY_FLAGS = {
  food: 'foodSurveyEnabled',
  exercise: 'exerciseSurveyEnabled',
  medical: 'medicalSurveyEnabled',
  mental: 'mentalSurveyEnabled',
  sampling: 'samplingSurveyEnabled',
  'infant-demographic': 'infantDemographicAndMilkFeedingEnabled',
  'infant-day-of-sampling': 'infantDayOfSamplingEnabled',
  'infant-medical-history': 'infantMedicalHistoryEnabled',
} as const;
export const PROJECT_SURVEYS = Object.keys(SURVEY_FLAGS) as (keyof typeof SURVEY_FLAGS)[];

/**
 * ops project:create: a research project and its own participant code, which joins only with one of the
 * project's vouchers (per-participant codes: ops participant-code:issue; decision 021).
 */
export async function createProject(
  ctx: AppContext,
  input: {
    name: string;
    logisticType: 'LAB_MANAGED' | 'CLIENT_MANAGED';
    resultDeliveryType?: string | undefined;
    surveys?: (keyof typeof SURVEY_FLAGS)[] | undefined;
    contactName?: string | undefined;
    phone?: string | undefined;
    email?: string | undefined;
  },
) {
  const surveys = new Set(input.surveys ?? ['food', 'exercise', 'medical', 'mental', 'sampling']);
  const flags = Object.fromEntries(PROJECT_SURVEYS.map((s) => [SURVEY_FLAGS[s], surveys.has(s)]));
  const [project] = await ctx.db
    .insert(projects)
    .values({
      name: input.name,
      logisticType: input.logisticType,
      resultDeliveryType: input.resultDeliveryType ?? 'PORTAL',
      contactName: input.contactName ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      ...flags,
    })
    .returning();
  if (!project) throw new Error('project not created');
  return { id: project.id, participantCode: encodeParticipantCode(project.id) };
}

const projectInfo = (p: ProjectRow) => ({
  id: p.id,
  name: p.name,
  contactName: p.contactName,
  phone: p.phone,
  email: p.email,
  logisticType: p.logisticType,
  resultDeliveryType: p.resultDeliveryType,
  exerciseSurveyEnabled: p.exerciseSurveyEnabled,
  foodSurveyEnabled: p.foodSurveyEnabled,
  medicalSurveyEnabled: p.medicalSurveyEnabled,
  mentalSurveyEnabled: p.mentalSurveyEnabled,
  samplingSurveyEnabled: p.samplingSurveyEnabled,
  infantDemographicAndMilkFeedingEnabled: p.infantDemographicAndMilkFeedingEnabled,
  infantDayOfSamplingEnabled: p.infantDayOfSamplingEnabled,
  infantMedicalHistoryEnabled: p.infantMedicalHistoryEnabled,
});

/**
 * check research voucher: the kit's project info. With a participant code (the project's own, or one
 * issued to this person), the code's project must be the voucher's project (research §5), else the
 * mismatch message.
 */
export async function checkResearchVoucher(
  ctx: AppContext,
  userId: string,
  voucher: string,
  participantIdentifier?: string | undefined,
) {
  const [row] = await redeemableKitByVoucher(ctx.db, userId, voucher);
  if (!row) throw notFound(RESEARCH_MESSAGES.invalidVoucher);
  if (
    participantIdentifier !== undefined &&
    (await projectIdOfCode(ctx, userId, participantIdentifier)) !== row.project.id
  )
    throw invalid(RESEARCH_MESSAGES.mismatch);
  return {
    ...projectInfo(row.project),
    kitId: row.kit.id,
    kitStatus: row.kit.kitStatus,
    researchProjectName: row.project.name,
    researchProjectLogisticsType: row.project.logisticType,
  };
}

/** get research kits: the participant's projects (joined, or holding one of their kits) with their kits. */
export async function researchKits(ctx: AppContext, caller: Caller) {
  const { userId } = caller;
  const owned: Kit[] = await listUserKits(ctx, caller);
  const memberOf = await ctx.db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
  const ids = [...new Set([...memberOf.map((m) => m.projectId), ...owned.map((k) => k.project.id)])];
  const rows = ids.length
    ? await ctx.db.select().from(projects).where(inArray(projects.id, ids)).orderBy(asc(projects.id))
    : [];
  return rows.map((p) => ({ ...projectInfo(p), kits: owned.filter((k) => k.project.id === p.id) }));
}
