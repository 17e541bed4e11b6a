import {
  type CreatedShare,
  type CreateShareInput,
  createdShareSchema,
  openedShareSchema,
  practitionerSchema,
  sharedLinkSchema,
  shareListItemSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

const keys = {
  shares: (userId: string | null) => ['report-shares', userId] as const,
  practitioners: (userId: string | null) => ['report-shares', userId, 'practitioners'] as const,
};

/** GET /api/report-shares: the person's links with their views. */
export function useShares() {
  const { userId } = useSession();
  return useQuery({
    queryKey: keys.shares(userId),
    queryFn: ({ signal }) =>
      apiRequest('/report-shares', { auth: 'required', signal }, z.array(shareListItemSchema)),
    enabled: userId !== null,
  });
}

/** GET /api/report-shares/practitioners: who the link can be emailed to. */
export function usePractitioners() {
  const { userId } = useSession();
  return useQuery({
    queryKey: keys.practitioners(userId),
    queryFn: ({ signal }) =>
      apiRequest('/report-shares/practitioners', { auth: 'required', signal }, z.array(practitionerSchema)),
    enabled: userId !== null,
  });
}

export function useCreateShare() {
  const { userId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareInput): Promise<CreatedShare> =>
      apiRequest('/report-shares', { method: 'POST', auth: 'required', body: input }, createdShareSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.shares(userId) }),
  });
}

export function useRevokeShare() {
  const { userId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/report-shares/${encodeURIComponent(id)}/revoke`, { method: 'POST', auth: 'required' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.shares(userId) }),
  });
}

/** The practitioner's side, no account: the link's state, then its ciphertext (with the PIN). */
export const sharedLink = (id: string) =>
  apiRequest(`/shared/${encodeURIComponent(id)}`, {}, sharedLinkSchema);
export const openSharedLink = (id: string, pin: string | undefined) =>
  apiRequest(
    `/shared/${encodeURIComponent(id)}/open`,
    { method: 'POST', body: pin ? { pin } : {} },
    openedShareSchema,
  );
