import type { StaffKitRow } from '@portal/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { ScanStation } from './scan-station.tsx';

const kit = (id: number): StaffKitRow => ({
  id,
  label: `KIT-${id}`,
  sampleIdentifier: `MB${id}`,
  voucherCode: 'AAAA-BBBB-CCCC',
  kitStatus: 'DISPATCHED_BY_LAB',
  sampleStatus: null,
  project: { id: 1, name: 'Consumer' },
  owner: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function bench(onScan: (code: string) => Promise<StaffKitRow>) {
  render(
    <MemoryRouter>
      <ScanStation
        label="Kit to dispatch"
        hint="Scan it"
        onScan={onScan}
        describe={(k) => `${k.label} dispatched`}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('textbox', { name: 'Kit to dispatch' });
}

describe('ScanStation', () => {
  it('takes code after code from the keyboard, keeps the focus, and announces each outcome in order', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const field = bench(async (code) => {
      sent.push(code);
      if (code === 'KIT-2') throw new ApiError(409, 'KIT-2 is already DISPATCHED_BY_LAB (Sent).', 'CONFLICT');
      return kit(Number(code.slice(4)));
    });
    expect(field).toHaveFocus();
    await user.type(field, 'KIT-1{Enter}KIT-2{Enter}KIT-3{Enter}');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
    await waitFor(() => expect(screen.getByText('2 done · 1 refused')).toBeVisible());
    expect(sent).toEqual(['KIT-1', 'KIT-2', 'KIT-3']);
    expect(screen.getByTestId('scan-result')).toHaveTextContent('KIT-3 dispatched');
    const log = within(screen.getByRole('list', { name: /Scanned this session/ })).getAllByRole('listitem');
    expect(log.map((li) => li.textContent)).toEqual([
      'Done KIT-3 KIT-3 dispatched',
      'Refused KIT-2 KIT-2: KIT-2 is already DISPATCHED_BY_LAB (Sent).',
      'Done KIT-1 KIT-1 dispatched',
    ]);
    expect(screen.getByRole('link', { name: 'KIT-1 dispatched' })).toHaveAttribute('href', '/staff/kits/1');
  });

  it('ignores an empty Enter and clears the field on Escape', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const field = bench(async (code) => {
      sent.push(code);
      return kit(1);
    });
    await user.type(field, '{Enter}   {Enter}KIT-9{Escape}');
    expect(field).toHaveValue('');
    expect(sent).toEqual([]);
  });
});
