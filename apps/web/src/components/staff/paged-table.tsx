import type { ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { StaffTable } from './staff-table.tsx';

/** What the table reads of a TanStack infinite query. */
export type PagedList = {
  isPending: boolean;
  error: Error | null;
  data: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * A console list read page by page: loading, its error, a note when it is empty, the table with its
 * column heads, and a button for the next page while there is one. The rows are the caller's.
 */
export function PagedTable({
  list,
  loading = list.isPending,
  count,
  empty,
  caption,
  columns,
  more,
  children,
}: {
  list: PagedList;
  /** When to show the loading indicator, for a list that waits for a search (default: while pending). */
  loading?: boolean;
  /** How many rows are loaded. */
  count: number;
  /** What the info note says when the list is empty. */
  empty: ReactNode;
  /** The table's caption, for screen readers. */
  caption: ReactNode;
  /** The column heads, left to right. */
  columns: readonly string[];
  /** The next page button's text. */
  more: string;
  children: ReactNode;
}) {
  return (
    <>
      {loading ? <Loading /> : null}
      {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.data && count === 0 ? <Alert tone="info">{empty}</Alert> : null}
      {count > 0 ? (
        <StaffTable caption={caption} columns={columns}>
          {children}
        </StaffTable>
      ) : null}
      {list.hasNextPage ? (
        <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {more}
        </Button>
      ) : null}
    </>
  );
}
