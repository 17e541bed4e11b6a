import { MAINTENANCE_TEXTS } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/format.ts';
import { testConfig } from '../test/render.tsx';
import { MaintenancePage } from './maintenance-page.tsx';

describe('Maintenance page', () => {
  it('says when the portal will be back', () => {
    const until = '2030-01-02T03:04:00.000Z';
    render(<MaintenancePage config={{ ...testConfig, maintenanceUntil: until }} />);
    expect(screen.getByRole('heading', { level: 1, name: MAINTENANCE_TEXTS.title })).toBeVisible();
    expect(screen.getByText(MAINTENANCE_TEXTS.body.replace('{until}', formatDateTime(until)))).toBeVisible();
  });

  it('names the zone of the end time, whatever the reader’s own zone', () => {
    render(<MaintenancePage config={{ ...testConfig, maintenanceUntil: '2030-01-02T03:04:00.000Z' }} />);
    expect(screen.getByText(/back by 2 January 2030 at 1:04\s?pm AEST\./)).toBeVisible();
  });
});
