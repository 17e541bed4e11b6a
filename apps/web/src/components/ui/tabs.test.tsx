import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const TABS = [
  { id: 'journey', label: 'Kits in My Journey', panel: <p>My kits</p> },
  { id: 'given', label: 'Kits Given to Others', panel: <p>Given kits</p> },
];

describe('Tabs', () => {
  it('shows the first panel, labelled by its tab, and one tab stop', () => {
    render(<Tabs label="Kits" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Kits' })).toBeVisible();
    const first = screen.getByRole('tab', { name: 'Kits in My Journey' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Kits Given to Others' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Kits in My Journey' })).toHaveTextContent('My kits');
    expect(screen.getByText('Given kits')).not.toBeVisible();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Kits" tabs={TABS} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Kits in My Journey' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const given = screen.getByRole('tab', { name: 'Kits Given to Others' });
    expect(given).toHaveFocus();
    expect(given).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Kits Given to Others' })).toHaveTextContent('Given kits');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Kits in My Journey' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(given).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Kits in My Journey' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(given).toHaveFocus();
  });

  it('shows a panel when its tab is clicked', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Kits" tabs={TABS} />);
    await user.click(screen.getByRole('tab', { name: 'Kits Given to Others' }));
    expect(screen.getByText('Given kits')).toBeVisible();
    expect(screen.getByText('My kits')).not.toBeVisible();
  });
});
