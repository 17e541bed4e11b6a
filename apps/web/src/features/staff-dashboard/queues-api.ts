import { type WorkQueueQuery, workQueuesSchema } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffRequest } from '../../lib/staff.ts';

/** The console's work queues (issue 34 item 17): one read, with the page's N. */
export function useWorkQueues(query: WorkQueueQuery = {}, enabled = true) {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return useQuery({
    queryKey: ['staff', 'queues', params],
    queryFn: ({ signal }) =>
      staffRequest(`/queues${params ? `?${params}` : ''}`, { signal }, workQueuesSchema),
    placeholderData: keepPreviousData,
    enabled,
  });
}
