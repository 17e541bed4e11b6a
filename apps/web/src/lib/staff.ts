import { holdsStaffRole, type StaffRole, type StaffSession, staffSessionSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { useSignOut } from './auth-api.ts';
import { useSession } from './session.ts';

/**
 * The staff console's shared client state (issue 24): who is signed in to /staff, their roles, and how
 * far their second factor is. The shell (app/staff/) and every staff-* feature read it from here.
 */
export const staffSessionKey = (userId: string | null) => ['staff', 'session', userId] as const;

export function staffSessionQuery(userId: string | null) {
  return {
    queryKey: staffSessionKey(userId),
    queryFn: () => apiRequest('/staff/session', { auth: 'required' }, staffSessionSchema),
    enabled: userId !== null,
    retry: false,
    staleTime: 60_000,
    // Read again only when asked: a refetch while the recovery codes are on screen would skip past them.
    refetchOnWindowFocus: false,
  };
}

/** GET /api/staff/session of the signed-in account. */
export function useStaffSession() {
  const { userId } = useSession();
  return useQuery(staffSessionQuery(userId));
}

/** Whether the signed-in staff member holds one of `roles` (ADMIN holds them all). */
export function canSee(session: Pick<StaffSession, 'roles'> | undefined, roles: readonly StaffRole[]) {
  return session !== undefined && holdsStaffRole(session.roles, roles);
}

/** The console's own API calls: always with the staff member's token. */
export const staffRequest = <T>(
  path: string,
  options: Parameters<typeof apiRequest>[1] = {},
  schema?: Parameters<typeof apiRequest<T>>[2],
) => apiRequest<T>(`/staff${path}`, { ...options, auth: 'required' }, schema);

/** Signs out of the console; the page reloads at /staff, so nothing of the console's data stays. */
export const useStaffSignOut = () => useSignOut('/staff');
