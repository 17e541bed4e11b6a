import {
  auditPageSchema,
  type StaffInvitation,
  type StaffRole,
  staffActiveSessionsSchema,
  staffInvitedSchema,
  staffMembersSchema,
  staffRolesSavedSchema,
  staffSessionsEndedSchema,
} from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, freshAccessToken } from '../../lib/api-client.ts';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
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

/** A disabled account enabled again with these roles (the member is emailed). */
export const useEnableStaff = () =>
  useMemberChange(({ id, roles }: { id: string; roles: StaffRole[] }) =>
    staffRequest(`/members/${id}/enable`, { method: 'POST', body: { roles } }, staffRolesSavedSchema),
  );

export const useUnlockSecondFactor = () =>
  useMemberChange((id: string) => staffRequest(`/members/${id}/second-factor/unlock`, { method: 'POST' }));

export const useResetSecondFactor = () =>
  useMemberChange((id: string) => staffRequest(`/members/${id}/second-factor/reset`, { method: 'POST' }));

const sessionsKey = ['staff', 'sessions'] as const;

/** The live console sessions (issue 34 item 15), most recently seen first. */
export function useStaffSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => staffRequest('/sessions', {}, staffActiveSessionsSchema),
  });
}

/** Signs one session out; the list is read again either way (a refusal may mean it had ended). */
export const useEndSession = () =>
  useChangeThenReread(
    sessionsKey,
    (id: string) => staffRequest(`/sessions/${id}/end`, { method: 'POST' }, staffSessionsEndedSchema),
    { rereadOnError: true },
  );

/** Signs every session of a member out. */
export const useEndMemberSessions = () =>
  useChangeThenReread(
    sessionsKey,
    (id: string) => staffRequest(`/members/${id}/sessions/end`, { method: 'POST' }, staffSessionsEndedSchema),
    { rereadOnError: true },
  );

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

/**
 * The audit log under these filters as a CSV file, saved by the browser (the request needs the token,
 * so it is fetched, then handed to a download link).
 */
export async function downloadAuditCsv(filters: Record<string, string>): Promise<void> {
  const token = await freshAccessToken();
  let response: Response;
  try {
    response = await fetch(`/api/staff/audit.csv?${new URLSearchParams(filters).toString()}`, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, CLIENT_MESSAGES.network, 'NETWORK_ERROR');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(response.status, body?.message ?? CLIENT_MESSAGES.unexpected, body?.code ?? 'UNKNOWN');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
