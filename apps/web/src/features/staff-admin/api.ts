import {
  auditPageSchema,
  type StaffInvitation,
  type StaffRole,
  staffInvitedSchema,
  staffMembersSchema,
  staffRolesUpdateSchema,
} from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

const membersKey = ['staff', 'members'] as const;

export function useStaffMembers() {
  return useQuery({ queryKey: membersKey, queryFn: () => staffRequest('/members', {}, staffMembersSchema) });
}

/** Every change to the staff list reads it again afterwards. */
const useMemberChange = <V>(send: (value: V) => Promise<unknown>) => useChangeThenReread(membersKey, send);

export const useInviteStaff = () =>
  useMemberChange((body: StaffInvitation) =>
    staffRequest('/members', { method: 'POST', body }, staffInvitedSchema.partial({ invitationLink: true })),
  );

export const useChangeRoles = () =>
  useMemberChange(({ id, roles }: { id: string; roles: StaffRole[] }) =>
    staffRequest(`/members/${id}/roles`, { method: 'PUT', body: { roles } }, staffRolesUpdateSchema),
  );

export const useDisableStaff = () =>
  useMemberChange((id: string) => staffRequest(`/members/${id}/disable`, { method: 'POST' }));

export const useUnlockSecondFactor = () =>
  useMemberChange((id: string) => staffRequest(`/members/${id}/second-factor/unlock`, { method: 'POST' }));

export const useResetSecondFactor = () =>
  useMemberChange((id: string) => staffRequest(`/members/${id}/second-factor/reset`, { method: 'POST' }));

/** The audit log with the page's filters, newest first, a page at a time (keyset: `next`). */
export function useAuditLog(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: ['staff', 'audit', filters],
    queryFn: ({ pageParam }) =>
      staffRequest(
        `/audit?${new URLSearchParams({ ...filters, ...(pageParam ? { after: pageParam } : {}) }).toString()}`,
        {},
        auditPageSchema,
      ),
    ...keysetPages,
  });
}
