import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A list read a page at a time: each page names the next one (`next`), null after the last (keyset). */
export const keysetPages = {
  initialPageParam: '',
  getNextPageParam: (last: { next: string | null }) => last.next ?? undefined,
};

/**
 * A change to records that lists show: afterwards the queries under `queryKey` are read again, once it
 * succeeded, or with `rereadOnError` after a refusal too (a refusal may mean the list is out of date).
 */
export function useChangeThenReread<V, R>(
  queryKey: QueryKey,
  send: (value: V) => Promise<R>,
  { rereadOnError = false } = {},
) {
  const queryClient = useQueryClient();
  const reread = () => queryClient.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn: send,
    onSuccess: rereadOnError ? undefined : reread,
    onSettled: rereadOnError ? reread : undefined,
  });
}
