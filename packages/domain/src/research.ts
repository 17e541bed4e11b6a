import Sqids from 'sqids';
import { z } from 'zod';
import {
  canViewReport,
  KIT_MESSAGES,
  type KitLike,
  kitSchema,
  REPORT_SAMPLE_STATUSES,
  surveySwitchesSchema,
} from './kits.ts';
import { ACCOUNT_MESSAGES } from './user.ts';

/**
 * Participant codes (research §5, §9): 6 characters from a fixed alphabet that decode to the project id
 * (sqids). The alphabet is fixed for good: changing it would invalidate every code already handed out.
 */
export const PARTICIPANT_CODE_ALPHABET = 'K7QW2ZXN4PJ9HTM3RVB8CY6FGD5ES';
export const PARTICIPANT_CODE_LENGTH = 6;

// Made on first use: its alphabet shuffle costs pages that import this module without a participant
// code (the kits page) about 30 ms of a throttled phone's CPU.
let codes: Sqids | undefined;
const sqids = () =>
  (codes ??= new Sqids({ alphabet: PARTICIPANT_CODE_ALPHABET, minLength: PARTICIPANT_CODE_LENGTH }));

export function encodeParticipantCode(projectId: number): string {
  return sqids().encode([projectId]);
}

/**
 * Numbers behind the codes the server issues to one participant each (decision 021): random in the
 * range whose code is still 6 characters, above any project number, so the browser's check above
 * passes for both kinds of code while only the server knows which issued code belongs to whom.
 */
export const ISSUED_CODE_NUMBERS = { min: 1_000_000, max: 17_210_367 } as const;

/** The project id of a participant code, or null when the code is not one we could have issued. */
export function decodeParticipantCode(raw: string): number | null {
  const code = raw.trim().toUpperCase();
  if (code.length !== PARTICIPANT_CODE_LENGTH) return null;
  if ([...code].some((c) => !PARTICIPANT_CODE_ALPHABET.includes(c))) return null;
  const [id, ...rest] = sqids().decode(code);
  if (id === undefined || rest.length > 0 || !Number.isSafeInteger(id)) return null;
  // Only the canonical spelling is valid (sqids can decode non-canonical strings).
  return sqids().encode([id]) === code ? id : null;
}

export const RESEARCH_MESSAGES = {
  emailExists: ACCOUNT_MESSAGES.emailTaken,
  invalidCode: 'Invalid participant code.',
  codeNotFound: 'Unable to find the participant code.',
  accountExists: 'Account already exists with this email address.',
  resetFailed: 'Sorry, failed to reset your password. Please try again later or contact dev team.',
  invalidVoucher: KIT_MESSAGES.invalidVoucher,
  participantInvalid:
    'The participant code is invalid. Please check the code entered or contact your project administrator.',
  mismatch:
    'The participant code and Voucher Code provided are invalid or do not match. Please check the codes entered or contact your project administrator.',
  redeemFailed: 'Unable to redeem voucher.',
  joinLater: 'No problem. You can claim a kit later from My Research.',
} as const;

/**
 * The error code of a project's own participant code given without that project's voucher: the code
 * alone joins nothing (decision 021), so the add-project modal asks for the voucher next.
 */
export const VOUCHER_REQUIRED = 'VOUCHER_REQUIRED';

/** Browser storage key for the participant code and email kept from registration to first sign-in. */
export const REDEEM_ON_REGISTER_KEY = 'redeem_on_register';

export const participantCodeSchema = z
  .string()
  .trim()
  .min(1, RESEARCH_MESSAGES.invalidCode)
  .max(20, RESEARCH_MESSAGES.invalidCode);

export const registerCheckSchema = z.object({
  participantIdentifier: participantCodeSchema,
  username: z.string().trim().max(254),
});

export const joinResearchSchema = z.object({
  participantIdentifier: participantCodeSchema,
  userId: z.string().max(64),
  /** A voucher of the code's project: with it, the project's own code joins (decision 021). */
  voucher: z.string().trim().min(1).max(40).optional(),
});

export const researchProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logisticType: z.string(),
  resultDeliveryType: z.string().nullable(),
  ...surveySwitchesSchema.shape,
  infantDemographicAndMilkFeedingEnabled: z.boolean(),
  infantDayOfSamplingEnabled: z.boolean(),
  infantMedicalHistoryEnabled: z.boolean(),
});

/** get research kits: a project the participant joined, with its kits. */
export const researchProjectWithKitsSchema = researchProjectSchema.extend({ kits: z.array(kitSchema) });
export type ResearchProject = z.infer<typeof researchProjectWithKitsSchema>;

/** The answer to post project register: the study the participant code names. */
export const registerCheckResultSchema = z.object({ researchProjectName: z.string() });

/** The answer to join research: the project joined. */
export const joinedProjectSchema = z.object({ researchProjectName: z.string(), projectId: z.number() });
export type JoinedProject = z.infer<typeof joinedProjectSchema>;

/** The body of check research voucher: the voucher, and with it the participant code when there is one. */
export const researchVoucherCheckSchema = z.object({
  voucher: z.string().trim().min(1).max(40),
  participantIdentifier: participantCodeSchema.optional(),
});

/** The answer to check research voucher: the voucher's project and kit. */
export const researchVoucherSchema = researchProjectSchema.extend({
  kitId: z.number(),
  kitStatus: z.string(),
  researchProjectName: z.string(),
  researchProjectLogisticsType: z.string(),
});
export type ResearchVoucher = z.infer<typeof researchVoucherSchema>;

/** Research §2: 'Results Available' is shown unless the project delivers no results. */
export const deliversResults = (project: { resultDeliveryType: string | null }) =>
  Boolean(project.resultDeliveryType) && project.resultDeliveryType !== 'NO_DELIVERY';

/**
 * The one rule for whether a kit's report reaches its owner: results are in and the kit's project
 * delivers them. Results of a NO_DELIVERY project stay with staff: no report, PDF, email or link
 * (decision 026). Every report path of the API and every report link of the portal asks this.
 */
export const reportDelivered = (
  kit: Pick<KitLike, 'sampleStatus'> & { project: { resultDeliveryType: string | null } },
): boolean => canViewReport(kit) && deliversResults(kit.project);

const RESULT_KIT_STATUSES = new Set<string>(REPORT_SAMPLE_STATUSES);

/**
 * The kit's status says results are in, but its project keeps them (NO_DELIVERY): the participant's
 * status line reads as received by the lab, and 'Results Available' is not shown (research §2).
 */
export const resultsWithheld = (kit: { kitStatus: string; project: { resultDeliveryType: string | null } }) =>
  RESULT_KIT_STATUSES.has(kit.kitStatus) && !deliversResults(kit.project);

/** Issue 33: what a participant reads for a kit whose project keeps its results, once the lab is done. */
export const PROCESSING_COMPLETE = 'Processing complete';

/**
 * The lab is done with a kit whose project keeps its results (NO_DELIVERY): the participant reads
 * 'Processing complete', and nothing says results exist. The API shows such a kit at PROCESSING /
 * COMPLETED (the statuses before results); a kit read otherwise (results in) reads the same.
 */
export const processingCompleteKept = (kit: {
  kitStatus: string;
  sampleStatus: string | null;
  project: { resultDeliveryType: string | null };
}) =>
  !deliversResults(kit.project) &&
  (kit.sampleStatus === 'COMPLETED' ||
    RESULT_KIT_STATUSES.has(kit.kitStatus) ||
    RESULT_KIT_STATUSES.has(kit.sampleStatus ?? ''));
