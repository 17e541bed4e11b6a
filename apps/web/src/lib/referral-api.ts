import { registrationReferralSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

// Apart from api.ts, which the signed-in shell loads for sign-out: the schema's module is registration's,
// which would otherwise come with every first load, /login's included (its 120 KB budget).

/** The referral lookup at registration (no session yet): the practitioner's first and last name. */
export function useRegistrationReferral(code: string | null) {
  return useQuery({
    queryKey: ['registration-referral', code],
    queryFn: () =>
      apiRequest(`/auth/referral-codes/${encodeURIComponent(code ?? '')}`, {}, registrationReferralSchema),
    enabled: code !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
