import type { Kit, PublicConfig, SentKit } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { ConfigContext } from '../lib/config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { startSession } from '../lib/session.ts';
import { locationProbe } from './location-probe.tsx';

export const kitsTestConfig: PublicConfig = {
  appType: 'CUSTOMER',
  brandName: 'Microbiome Lab',
  supportPhone: '1300 974 621',
  supportEmail: 'support@example.com',
  supportPostalAddress: 'GPO Box 1234, Brisbane QLD 4001',
  faqUrl: 'https://www.microbiomelab.com.au/faq',
  consumerSignInUrl: 'https://portal.microbiomelab.com.au/login',
  maintenanceUntil: null,
  siteAlert: null,
  version: '0.1.0-test',
  infantSurveyUrl: null,
  features: {},
};

/** A kit as GET /api/kits returns it: bought, not yet sent. */
export function makeKit(overrides: Partial<Kit> = {}): Kit {
  const id = overrides.id ?? 101;
  return {
    id,
    kitId: id,
    hashedId: `hashed-${id}`,
    name: null,
    notes: null,
    kitStatus: 'UNASSIGNED',
    sampleStatus: null,
    sampleIdentifier: `MBSAMPLE${id}`,
    voucherCode: 'ABCD-EFGH-JKLM',
    referralCode: null,
    referralName: null,
    redeemedDate: null,
    activatedDate: null,
    displayDate: null,
    reportReceived: false,
    surveyResultId: null,
    replacedByKitId: null,
    surveysStats: [],
    project: {
      id: 1,
      name: 'Microbiome insight kit',
      logisticType: 'LAB_MANAGED',
      resultDeliveryType: 'PORTAL',
    },
    exerciseSurveyEnabled: true,
    foodSurveyEnabled: true,
    medicalSurveyEnabled: true,
    mentalSurveyEnabled: true,
    samplingSurveyEnabled: true,
    givingAllowed: true,
    ...overrides,
  };
}

export function makeSentKit(overrides: Partial<SentKit> = {}): SentKit {
  return {
    kitId: 201,
    name: null,
    receiverEmail: 'friend@example.com',
    requestedDate: '2024-05-04T02:00:00.000Z',
    redeemedDate: null,
    kitStatus: 'UNASSIGNED',
    sampleStatus: null,
    ...overrides,
  };
}

export type ApiCall = { method: string; path: string; body: unknown };
type Reply = { status: number; body?: unknown };

/**
 * Answers the web app's fetches from `routes` ('GET /kits' → reply, or function of the call returning
 * one or a promise of one); anything else is a 404. Returns the calls made, in order.
 */
export function stubApi(
  routes: Record<string, Reply | ((call: ApiCall) => Reply | Promise<Reply>)>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = String(input).replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const reply = typeof route === 'function' ? await route(call) : (route ?? notFound);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const notFound: Reply = { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };

/** Renders a piece of the kits page signed in, with the query client, config and a router around it. */
export function renderKits(
  ui: ReactNode,
  { config = {}, path = '/kits' }: { config?: Partial<PublicConfig>; path?: string } = {},
) {
  startSession({ access_token: 'test-token', refresh_token: '', expires_in: 3600, user_id: 'user-1' });
  const queryClient = createQueryClient();
  const { Probe, location } = locationProbe();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigContext value={{ ...kitsTestConfig, ...config }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Probe />
        </MemoryRouter>
      </ConfigContext>
    </QueryClientProvider>,
  );
  return { ...result, user, location, queryClient };
}
