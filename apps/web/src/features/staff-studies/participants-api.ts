import { staffFunnelSchema, staffParticipantsPageSchema } from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { keysetPages } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

/** A project's participants matching `q` (the start of an email or part of a name), a page at a time. */
export function useParticipants(projectId: number, q: string) {
  return useInfiniteQuery({
    queryKey: ['staff', 'projects', projectId, 'participants', q],
    queryFn: ({ pageParam }) =>
      staffRequest(
        `/projects/${projectId}/participants?${new URLSearchParams({
          ...(q ? { q } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        }).toString()}`,
        {},
        staffParticipantsPageSchema,
      ),
    ...keysetPages,
  });
}

/** The funnel of a project or a recruitment: invited → consented → kit → result. */
export function useFunnel(of: { projectId: number } | { recruitmentId: number }) {
  const path =
    'projectId' in of ? `/projects/${of.projectId}/funnel` : `/recruitments/${of.recruitmentId}/funnel`;
  return useQuery({
    // Under the project's or the recruitment's key, so a change that rereads them rereads it too.
    queryKey:
      'projectId' in of
        ? ['staff', 'projects', of.projectId, 'funnel']
        : ['staff', 'recruitments', of.recruitmentId, 'funnel'],
    queryFn: () => staffRequest(path, {}, staffFunnelSchema),
  });
}
