import type { PersonPage as Person, StaffKitDetail, StaffOrderRow } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KitPage } from '../../features/staff-kits/pages/kit-page.tsx';
import { OrdersPage } from '../../features/staff-orders/pages/orders-page.tsx';
import { PersonPage } from '../../features/staff-people/pages/person-page.tsx';
import { renderStaff } from '../../test/staff.tsx';
import { stubApi } from '../../test/stub-api.ts';

// Issue 34 item 19 (decision 057): one order shows the same number and the same time on every console
// page that shows it: the order list, its buyer's page and its kit's page. Order 4 reads ORD-000004
// (never `#4`), and the moment it was placed reads in the portal's zone, named, whatever the zone of
// the staff member's computer: here New York, where that moment is still the day before.

const PLACED = '2026-02-28T14:05:00.000Z';
const SHOWN = '1 Mar 2026, 12:05 am AEST';

const order: StaffOrderRow = {
  id: 4,
  // What the API sends for order 4 (staff-orders.routes.test: number is orderNumber(id)).
  number: 'ORD-000004',
  createdAt: PLACED,
  orderType: 'NEW',
  userId: 'user-7',
  accountEmail: 'ada@example.com',
  purchaserEmail: 'ada@example.com',
  purchaserName: 'Ada Lovelace',
  amountCents: 34900,
  discountCents: 0,
  promoCode: null,
  description: 'Kit',
  items: [{ type: 'KIT', kitId: 12, kitStatus: 'UNASSIGNED', subscriptionType: null }],
  refundableCents: 34900,
  refund: null,
};

const person: Person = {
  profile: {
    id: 'user-7',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: null,
    dateOfBirth: null,
    gender: null,
    userType: 'CONSUMER',
    underAge: false,
    guardian: false,
    address: null,
    emailVerified: true,
    createdAt: PLACED,
    isStaff: false,
  },
  kits: [],
  orders: [{ id: 4, number: 'ORD-000004', createdAt: PLACED, amountCents: 34900, description: 'Kit' }],
  subscriptions: [],
  consents: { parentConsented: null, forms: [], answers: [] },
  emails: [],
  emailUndeliverable: false,
  accessLog: [],
};

const kit: StaffKitDetail = {
  id: 12,
  label: 'KIT-12',
  sampleIdentifier: 'MB0000012',
  voucherCode: 'AAAA-BBBB-CCCC',
  kitStatus: 'UNASSIGNED',
  sampleStatus: null,
  project: { id: 1, name: 'Consumer' },
  owner: { id: 'user-7', name: 'Ada Lovelace', email: 'ada@example.com' },
  updatedAt: PLACED,
  hashedId: 'h4sh',
  name: null,
  createdAt: PLACED,
  displayDate: null,
  referralCode: null,
  replacesKitId: null,
  shipping: null,
  ownerPhone: null,
  // The kit's page is given the order's id and numbers it itself.
  order: {
    id: 4,
    createdAt: PLACED,
    orderType: 'NEW',
    deliveryOption: 'SEND_LATER',
    amountCents: 34900,
    purchaserName: 'Ada Lovelace',
    purchaserEmail: 'ada@example.com',
  },
  report: null,
  events: [],
  audit: [],
};

let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
  // The computer's own zone would show another day: a page that used it would fail here.
  expect(new Date(PLACED).toLocaleDateString('en-AU')).toBe('28/02/2026');
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

function stubConsole() {
  stubApi({
    'GET /api/staff/orders': () => ({ status: 200, body: { orders: [order], next: null } }),
    'GET /api/staff/people/user-7': () => ({ status: 200, body: person }),
    'GET /api/staff/kits/12': () => ({ status: 200, body: kit }),
    'GET /api/staff/kits/12/receipt': () => ({ status: 200, body: { receipt: null } }),
  });
}

/** The page's main text: the order's number and time, never `#4`. */
function expectOneNumber(container: HTMLElement) {
  expect(container).toHaveTextContent('ORD-000004');
  expect(container.textContent).not.toMatch(/#\s*4\b/);
}

describe('an order on the console’s pages', () => {
  it('reads ORD-000004, placed 1 Mar 2026, 12:05 am AEST, on the order list', async () => {
    stubConsole();
    const { container } = renderStaff(<OrdersPage />, { path: '/staff/orders' });
    const row = (await screen.findByRole('rowheader', { name: 'ORD-000004' })).closest('tr');
    if (!row) throw new Error('the order’s row');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(SHOWN);
    expectOneNumber(container);
  });

  it('reads the same on the buyer’s page', async () => {
    stubConsole();
    const { container } = renderStaff(<PersonPage />, {
      path: '/staff/people/user-7',
      route: '/staff/people/:id',
    });
    const orders = await screen.findByRole('region', { name: 'Orders' });
    const cells = within(orders).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['ORD-000004', SHOWN, '$349.00', 'Kit']);
    expectOneNumber(container);
  });

  it('reads the same on its kit’s page', async () => {
    stubConsole();
    const { container } = renderStaff(<KitPage />, { path: '/staff/kits/12', route: '/staff/kits/:kitId' });
    const facts = await screen.findByRole('region', { name: 'Order' });
    expect(within(facts).getByText(/^ORD-/)).toHaveTextContent(`ORD-000004 of ${SHOWN}`);
    // The kit made with the order: created at the same moment, shown the same way.
    const created = within(screen.getByRole('region', { name: 'Kit' })).getByText('Created').nextSibling;
    expect(created).toHaveTextContent(SHOWN);
    expectOneNumber(container);
  });
});
