import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

export type ApiCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
export type Reply = { status: number; body?: unknown };
export type Routes = Record<string, (call: ApiCall) => Reply>;

export const PRODUCTS = [
  { amount: 349, label: '1 Microbiome Lab insight kit', orderType: 'NEW' },
  { amount: 35, label: '1 Microbiome Lab insight kit', orderType: 'REPLACEMENT' },
];

export const ORDER_RESULT = {
  orderId: 12,
  orderNumber: 'ORD-000012',
  orderType: 'NEW',
  amount: 349,
  discount: 0,
  paymentId: 'ch_1',
  kitIds: [501],
  subscriptionId: null,
};

export const PROFILE_ADDRESS = {
  addressLine1: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

const error = (status: number, message: string, code = 'ERROR', fields?: object): Reply => ({
  status,
  body: { message, code, ...(fields ? { fields } : {}) },
});
export const replyError = error;

/** The API the order screens talk to, with the usual answers; `routes` replaces any of them. */
export function stubOrdersApi(routes: Routes = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  let tokens = 0;
  const defaults: Routes = {
    'GET /api/products': () => ({ status: 200, body: PRODUCTS }),
    'GET /api/kits': () => ({ status: 200, body: [] }),
    'GET /api/kits/sent': () => ({ status: 200, body: [] }),
    'GET /api/subscriptions/me': () => ({ status: 200, body: null }),
    'POST /api/payments/test-tokens': () => {
      tokens += 1;
      return { status: 200, body: { id: `tok_${tokens}`, last4: '4242' } };
    },
    'POST /api/orders': () => ({ status: 201, body: ORDER_RESULT }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).split('?')[0] ?? '';
      const call: ApiCall = {
        method,
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const route = routes[`${method} ${path}`] ?? defaults[`${method} ${path}`];
      const reply = route?.(call) ?? error(404, 'Not found', 'NOT_FOUND');
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const orderPosts = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/orders');

/** Types a card into the payment page of `dialog`. */
export async function typeCard(
  user: UserEvent,
  dialog: HTMLElement,
  card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
) {
  const scope = within(dialog);
  await user.type(scope.getByLabelText('Card number'), card.number);
  await user.type(scope.getByLabelText(/Expiry date/), card.expiry);
  await user.type(scope.getByLabelText('Security code (CVC)'), card.cvc);
}

export async function agreeToTerms(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
}

export const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
