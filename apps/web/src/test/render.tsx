import type { PublicConfig } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/routes.tsx';
import { ConfigContext } from '../lib/config.ts';
import { type CurrentUser, currentUserQueryKey } from '../lib/current-user.ts';
import { preloadPages } from '../lib/lazy-load.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { startSession } from '../lib/session.ts';
import { testConfig } from './config.ts';
import { locationProbe } from './location-probe.tsx';

export { testConfig };

// Pages load on demand in the app; tests render the route table synchronously, so fetch them all first.
await preloadPages();

export const testUser: CurrentUser = {
  id: 'user-1',
  email: 'robin@example.com',
  firstName: 'Robin',
  lastName: 'Tester',
  gender: null,
  dateOfBirth: null,
  phoneNumber: null,
  underAge: false,
  guardian: false,
  guardianFirstName: null,
  guardianLastName: null,
  userType: 'CONSUMER',
  parentConsented: null,
  agreeToDataUsage: null,
  addressLine1: null,
  addressLine2: null,
  suburb: null,
  state: null,
  postcode: null,
  country: 'AU',
  authorities: [],
};

/** The fields the dashboard needs before it shows (consumer §4: an incomplete profile goes to /profile). */
export const completeProfile: Partial<CurrentUser> = {
  gender: 'OTHER',
  dateOfBirth: '1990-01-01',
  phoneNumber: '0412 345 678',
  addressLine1: '1 George St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

type RenderOptions = {
  config?: Partial<PublicConfig>;
  /** Signs this user in, with their profile already loaded, so no request is made. */
  signedInAs?: Partial<CurrentUser>;
};

/** Renders the real route table at `path`, as the app would show it. */
export function renderRoute(path: string, { config = {}, signedInAs }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  if (signedInAs) {
    const user = { ...testUser, ...signedInAs };
    startSession({ access_token: 'test-token', refresh_token: '', expires_in: 3600, user_id: user.id });
    queryClient.setQueryDefaults(['users'], { staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(currentUserQueryKey(user.id), user);
  }
  const { Probe, location } = locationProbe();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigContext value={{ ...testConfig, ...config }}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Probe />
        </MemoryRouter>
      </ConfigContext>
    </QueryClientProvider>,
  );
  return { ...result, location, user, queryClient };
}
