import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type PagedList, PagedTable } from './paged-table.tsx';

const list = (over: Partial<PagedList> = {}): PagedList => ({
  isPending: false,
  error: null,
  data: { pages: [] },
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
  ...over,
});

const table = (l: PagedList, rows: string[]) => (
  <PagedTable
    list={l}
    count={rows.length}
    empty="No code matches."
    caption="Codes, A to Z"
    columns={['Code', 'State']}
    more="Show more"
  >
    {rows.map((code) => (
      <tr key={code}>
        <th scope="row">{code}</th>
        <td>Active</td>
      </tr>
    ))}
  </PagedTable>
);

describe('PagedTable', () => {
  it('shows the rows under their column heads, and fetches the next page on request', async () => {
    const fetchNextPage = vi.fn();
    render(table(list({ hasNextPage: true, fetchNextPage }), ['SPRING', 'WINTER']));
    const grid = screen.getByRole('table', { name: 'Codes, A to Z' });
    expect(grid).toHaveTextContent('CodeStateSPRINGActiveWINTERActive');
    expect(screen.queryByText('No code matches.')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('says so when the list is empty, and shows no table and no next page', () => {
    render(table(list(), []));
    expect(screen.getByText('No code matches.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the list's error, and no empty note while nothing has loaded", () => {
    render(table(list({ data: undefined, error: new Error('The server is not answering.') }), []));
    expect(screen.getByText('The server is not answering.')).toBeInTheDocument();
    expect(screen.queryByText('No code matches.')).toBeNull();
  });

  it('shows loading while the list is pending, unless the page says when it loads', () => {
    const { rerender } = render(table(list({ isPending: true, data: undefined }), []));
    expect(screen.getByRole('status')).toBeInTheDocument();
    rerender(
      <PagedTable
        list={list({ isPending: true, data: undefined })}
        loading={false}
        count={0}
        empty="No code matches."
        caption="Codes, A to Z"
        columns={['Code']}
        more="Show more"
      >
        {null}
      </PagedTable>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
