import { kitSchema, researchProjectSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { kitsKeys } from './kits-api.ts';
import { useSession } from './session.ts';

export const researchProjectWithKitsSchema = researchProjectSchema.extend({ kits: z.array(kitSchema) });
export type ResearchProject = z.infer<typeof researchProjectWithKitsSchema>;

/** Under the kits keys, so every kit change (useInvalidateKits) refreshes the projects too. */
export const researchKitsKey = (userId: string | null) => [...kitsKeys.all(userId), 'research'] as const;

/** get research kits: the participant's projects, with contacts and kits. */
export function useResearchKits() {
  const { userId } = useSession();
  return useQuery({
    queryKey: researchKitsKey(userId),
    queryFn: ({ signal }) =>
      apiRequest('/research/kits', { auth: 'required', signal }, z.array(researchProjectWithKitsSchema)),
    enabled: userId !== null,
  });
}

/**
 * post project register: the participant code names a study and the email has no account yet.
 * 400 invalid code, 404 unknown code, 409 the email already has an account (ApiError).
 */
export function registerCheck(body: { participantIdentifier: string; username: string }) {
  return apiRequest(
    '/research/register-check',
    { method: 'POST', body },
    z.object({ researchProjectName: z.string() }),
  );
}

export const joinedProjectSchema = z.object({ researchProjectName: z.string(), projectId: z.number() });
export type JoinedProject = z.infer<typeof joinedProjectSchema>;

/**
 * join research: the signed-in participant joins the project of a participant code issued to them, or
 * of the project's own code with one of its vouchers. The project's own code alone is refused with the
 * error code VOUCHER_REQUIRED.
 */
export function joinResearch(body: { participantIdentifier: string; userId: string; voucher?: string }) {
  return apiRequest('/research/join', { method: 'POST', auth: 'required', body }, joinedProjectSchema);
}

export const researchVoucherSchema = researchProjectSchema.extend({
  kitId: z.number(),
  kitStatus: z.string(),
  researchProjectName: z.string(),
  researchProjectLogisticsType: z.string(),
});
export type ResearchVoucher = z.infer<typeof researchVoucherSchema>;

/**
 * check research voucher: the voucher's project and kit. 404 an unknown voucher; 400 with a participant
 * code that names another project (the mismatch message).
 */
export function checkResearchVoucher(body: { voucher: string; participantIdentifier?: string }) {
  return apiRequest(
    '/research/check-voucher',
    { method: 'POST', auth: 'required', body },
    researchVoucherSchema,
  );
}
