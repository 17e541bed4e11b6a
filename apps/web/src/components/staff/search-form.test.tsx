import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form.tsx';

describe('SearchForm', () => {
  it('searches for the trimmed text, starting from the current search', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(
      <SearchForm
        label="Email"
        hint="Or its start"
        formLabel="Find a subscription"
        initial="ann"
        onSearch={onSearch}
      />,
    );
    const form = screen.getByRole('form', { name: 'Find a subscription' });
    const field = screen.getByRole('searchbox', { name: 'Email' });
    expect(form).toContainElement(field);
    expect(field).toHaveValue('ann');
    await user.type(field, '@example.com  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('ann@example.com');
  });
});
