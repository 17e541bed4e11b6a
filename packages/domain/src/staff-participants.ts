import { z } from 'zod';
import { keysetPageSchema } from './keyset-page.ts';

/**
 * A project's participants and the recruitment funnel in the console (STUDY; issue 34 item 18). The
 * funnel's stages, what each counts, and why each stage is a subset of the one before: decision
 * 056-study-funnel.
 */
export const PARTICIPANT_PAGE_SIZE = 25;

export const PARTICIPANT_MESSAGES = {
  badCursor: 'This list has changed since it was loaded. Load it again from the top.',
  queryTooLong: 'Search with at most 120 characters.',
  recruitmentNotFound: 'There is no recruitment with that number.',
} as const;

/** `after`: the last row's join time (as PostgreSQL writes it) and account id. */
export const participantsQuerySchema = z.object({
  q: z.string().trim().max(120, PARTICIPANT_MESSAGES.queryTooLong).optional(),
  after: z
    .string()
    .regex(/^[0-9 :.+\-T]{10,40}\|[0-9a-f-]{36}$/i, PARTICIPANT_MESSAGES.badCursor)
    .optional(),
});

/** Kit statuses that mean the participant can read their results. */
export const RESULT_KIT_STATUSES = ['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED'] as const;
/** Kit statuses that mean the sample is at the lab. */
const AT_LAB_KIT_STATUSES = ['RECEIVED_BY_LAB', 'PROCESSING'];

export const PARTICIPANT_STATUSES = ['JOINED', 'KIT', 'AT_LAB', 'RESULTS'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];
export const PARTICIPANT_STATUS_TEXT: Record<ParticipantStatus, string> = {
  JOINED: 'Joined, no kit yet',
  KIT: 'Has a kit',
  AT_LAB: 'Sample at the lab',
  RESULTS: 'Results available',
};

/** Where a participant is, from their kits of the project: the furthest any kit has gone. */
export function participantStatus(kits: readonly { kitStatus: string }[]): ParticipantStatus {
  if (kits.some((k) => (RESULT_KIT_STATUSES as readonly string[]).includes(k.kitStatus))) return 'RESULTS';
  if (kits.some((k) => AT_LAB_KIT_STATUSES.includes(k.kitStatus))) return 'AT_LAB';
  return kits.length > 0 ? 'KIT' : 'JOINED';
}

export const staffParticipantKitSchema = z.object({
  id: z.number(),
  kitStatus: z.string(),
  sampleStatus: z.string().nullable(),
  statusText: z.string(),
});
export const staffParticipantRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  /** Joined with a participant code issued to them (an invitation), not the project's own code. */
  invited: z.boolean(),
  status: z.enum(PARTICIPANT_STATUSES),
  kits: z.array(staffParticipantKitSchema),
});
export type StaffParticipantRow = z.infer<typeof staffParticipantRowSchema>;
export const staffParticipantsPageSchema = keysetPageSchema('participants', staffParticipantRowSchema);

export const FUNNEL_STAGES = ['INVITED', 'CONSENTED', 'KIT', 'RESULT'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_STAGE_TEXT: Record<FunnelStage, string> = {
  INVITED: 'Invited',
  CONSENTED: 'Consented',
  KIT: 'Kit',
  RESULT: 'Result',
};

export const funnelStageSchema = z.object({
  stage: z.enum(FUNNEL_STAGES),
  count: z.number().int(),
  /** Percent of the stage before, one decimal; null for the first stage or when the one before is 0. */
  fromPrevious: z.number().nullable(),
  /** Percent of those invited, one decimal; null when nobody was invited. */
  fromInvited: z.number().nullable(),
});
export type FunnelStageFigure = z.infer<typeof funnelStageSchema>;
export const staffFunnelSchema = z.object({
  stages: z.array(funnelStageSchema),
  /** Project members who joined with the project's own code, not an invitation: outside the funnel. */
  joinedWithoutInvitation: z.number().int().optional(),
});
export type StaffFunnel = z.infer<typeof staffFunnelSchema>;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** The funnel's figures from its four counts: each stage with its conversion from the one before. */
export function funnelStages(counts: Record<FunnelStage, number>): FunnelStageFigure[] {
  return FUNNEL_STAGES.map((stage, i) => {
    const before = i > 0 ? FUNNEL_STAGES[i - 1] : undefined;
    return {
      stage,
      count: counts[stage],
      fromPrevious: before ? percent(counts[stage], counts[before]) : null,
      fromInvited: percent(counts[stage], counts.INVITED),
    };
  });
}
