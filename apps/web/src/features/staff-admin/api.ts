import {
  auditPageSchema,
  type StaffInvitation,
  type StaffRole,
  staffInvitedSchema,
  staffMembersSchema,
  staffRolesSavedSchema,
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

/**
 * A roles change names the version the dialog loaded: a change saved since in another window answers
 * 409, and the list is read again either way, so the dialog can show the latest roles.
 */
export const useChangeRoles = () =>
  useChangeThenReread(
    membersKey,
    ({ id, roles, version }: { id: string; roles: StaffRole[]; version: number }) =>
      staffRequest(
        `/members/${id}/roles`,
        { method: 'PUT', body: { roles, version } },
        staffRolesSavedSchema,
      ),
    { rereadOnError: true },
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
