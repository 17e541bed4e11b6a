import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ConfigContext } from '../lib/config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { startSession } from '../lib/session.ts';
import { testConfig } from './config.ts';

/**
 * Renders a console page (or a part of one) as the staff shell shows it: a staff member signed in, the
 * public config, a router at `path` and a fresh query client. With `route` (e.g. '/staff/kits/:kitId'),
 * the page reads its parameters from `path`. The API is the test's stub (stub-api.ts).
 */
export function renderStaff(
  ui: ReactNode,
  { path = '/staff', route }: { path?: string; route?: string } = {},
) {
  startSession({ access_token: 'test-token', refresh_token: '', expires_in: 3600, user_id: 'staff-1' });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigContext value={testConfig}>
        <MemoryRouter initialEntries={[path]}>
          {route ? (
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </ConfigContext>
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup() };
}

/**
 * Every message the page shows at this moment: the text of each status and alert region (the form's
 * outcome, a refusal, a field's error), in the page's order, leaving out empty live regions.
 */
export function shownMessages(): string[] {
  return [...document.querySelectorAll('[role="status"], [role="alert"]')]
    .map((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .filter((text) => text !== '');
}
