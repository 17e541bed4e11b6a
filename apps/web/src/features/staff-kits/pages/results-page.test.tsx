import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStaff } from '../../../test/staff.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { ResultsPage } from './results-page.tsx';

// The release list is the whole lab's. "Release N approved results" sends the approved rows the page
// shows, never a pending, held or run-held one; a row's own Release sends that sample alone. The journeys
// (staff-lab-qc, staff-lab-runs, staff-kits) release by row against the real server, since a parallel
// journey's approved result would be taken by the bulk button; this test covers the bulk button.

const row = (sample: string, qcState: 'PENDING' | 'HELD' | 'APPROVED', runHold: string | null = null) => ({
  kitId: sample.charCodeAt(2),
  sampleIdentifier: sample,
  version: '1',
  importedAt: '2026-11-29T09:00:00.000Z',
  owner: 'Quinn Customer',
  qcState,
  qcNote: qcState === 'HELD' ? 'Held: a copy' : null,
  storedBy: 'Lou Lab',
  storedByYou: false,
  approvedBy: qcState === 'APPROVED' ? 'Lin Lab' : null,
  amendment: 0,
  runHold,
});

const waiting = {
  total: 5,
  items: [
    row('MBA1', 'APPROVED'),
    row('MBB2', 'PENDING'),
    row('MBC3', 'HELD'),
    row('MBD4', 'APPROVED', 'Run R1 is held: its extraction blank is missing.'),
    row('MBE5', 'APPROVED'),
  ],
};

function stub() {
  return stubApi({
    'GET /api/staff/results/awaiting-release': () => ({ status: 200, body: waiting }),
    'POST /api/staff/results/release': (call) => ({
      status: 200,
      body: { released: (call.body as { samples: string[] }).samples },
    }),
  });
}

const released = (calls: ReturnType<typeof stub>) =>
  calls.filter((c) => c.method === 'POST').map((c) => (c.body as { samples: string[] }).samples);

describe('ResultsPage: release', () => {
  it('releases every approved result the list shows, and none pending, held or held by its run', async () => {
    const calls = stub();
    const { user } = renderStaff(<ResultsPage />, { path: '/staff/results' });
    const panel = await screen.findByRole('region', { name: 'Waiting for release' });
    await user.click(await within(panel).findByRole('button', { name: 'Release 2 approved results' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('2 results released.'));
    expect(released(calls)).toEqual([['MBA1', 'MBE5']]);
  });

  it('offers a row’s Release only for an approved result its run does not hold, and sends that one alone', async () => {
    const calls = stub();
    const { user } = renderStaff(<ResultsPage />, { path: '/staff/results' });
    const panel = await screen.findByRole('region', { name: 'Waiting for release' });
    await within(panel).findByRole('button', { name: 'Release MBE5' });
    for (const sample of ['MBB2', 'MBC3', 'MBD4'])
      expect(within(panel).queryByRole('button', { name: `Release ${sample}` })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Release MBE5' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('1 result released.'));
    expect(released(calls)).toEqual([['MBE5']]);
  });
});
