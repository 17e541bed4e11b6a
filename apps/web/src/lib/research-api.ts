import {
  joinedProjectSchema,
  registerCheckResultSchema,
  researchProjectWithKitsSchema,
  researchVoucherSchema,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { kitsKeys } from './kits-api.ts';
import { useSession } from './session.ts';

export type { JoinedProject, ResearchProject, ResearchVoucher } from '@portal/domain';

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
  return apiRequest('/research/register-check', { method: 'POST', body }, registerCheckResultSchema);
}

/**
 * join research: the signed-in participant joins the project of a participant code issued to them, or
 * of the project's own code with one of its vouchers. The project's own code alone is refused with the
 * error code VOUCHER_REQUIRED.
 */
export function joinResearch(body: { participantIdentifier: string; userId: string; voucher?: string }) {
  return apiRequest('/research/join', { method: 'POST', auth: 'required', body }, joinedProjectSchema);
}

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
