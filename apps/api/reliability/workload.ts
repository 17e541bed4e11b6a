import { bearer, must, ops, type Row, send } from './harness.ts';

/** What the clients saw acknowledged (2xx) before the server went away. */
export type Acknowledged = {
  answers: number[];
  orders: { orderId: number; kitIds: number[] }[];
  profileSaves: number[];
};

export const PROFILE = {
  lastName: 'Iable',
  gender: 'FEMALE',
  dateOfBirth: '1990-04-01',
  phoneNumber: '0412 345 678',
  addressLine1: '1 Queen St',
  addressLine2: null,
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

/**
 * Profile saves one after another, as the profile form makes them: each names the version the last
 * save answered (GET /api/users/me for the first). A 409 means a save whose answer was lost (a 503
 * or a cut connection after the commit) went in after all: the saver reads the current version and
 * sends the save once more, as a person does after the form has loaded the latest version. When the
 * version cannot be read, that answer (e.g. 503) is the save's.
 */
export function profileSaver(base: string, headers: Record<string, string>) {
  let version: number | undefined;
  const save = async (firstName: string, retried: boolean): Promise<{ status: number; body: unknown }> => {
    if (version === undefined) {
      const me = await send<{ version: number }>(base, 'GET', '/api/users/me', undefined, headers);
      if (me.status !== 200) return me;
      version = me.body.version;
    }
    const res = await send<{ version: number }>(
      base,
      'PUT',
      '/api/users/me',
      { ...PROFILE, firstName, version },
      headers,
    );
    if (res.status === 200) version = res.body.version;
    if (res.status !== 409 || retried) return res;
    version = undefined;
    return save(firstName, true);
  };
  return (firstName: string) => save(firstName, false);
}

const ORDER = (email: string, token: string) => ({
  purchaserEmail: email,
  purchaserFirstName: 'Rel',
  purchaserLastName: 'Iable',
  orderType: 'NEW',
  orderItems: [
    {
      orderItemType: 'SUBSCRIPTION',
      deliveryOption: 'SEND_NOW_MY_ADDRESS',
      subscriptionType: 'EVERY_TWELVE_MONTHS',
      unitPrice: 315,
      deliveryAddress: {
        addressLine1: '1 George St',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
      },
    },
  ],
  amount: 315,
  stripeToken: token,
});

/** Kits with their questionnaires open, one per answer the workload will save. */
export async function openKits(base: string, email: string, count: number): Promise<number[]> {
  const kits = await must<{ id: number }[]>(
    base,
    'POST',
    '/api/admin/kits',
    { count, ownerEmail: email },
    ops,
  );
  for (const kit of kits)
    await must(base, 'PATCH', `/api/admin/kits/${kit.id}`, { kitStatus: 'REQUESTED' }, ops);
  return kits.map((k) => k.id);
}

/**
 * Three clients writing one after another until `stop()` or until the server is gone: questionnaire
 * answers (one kit each), orders (paid, with an idempotency key) and profile saves (numbered names).
 * Only 2xx answers count as acknowledged.
 */
export function writeContinuously(base: string, who: { email: string; token: string }, kitIds: number[]) {
  const acked: Acknowledged = { answers: [], orders: [], profileSaves: [] };
  let stopped = false;
  let failures = 0;
  const headers = bearer(who.token);
  const loop = async (step: (n: number) => Promise<void>) => {
    for (let n = 1; !stopped; n++) {
      try {
        await step(n);
      } catch {
        failures++;
        if (failures > 200) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const answers = loop(async (n) => {
    const kitId = kitIds[n - 1];
    if (kitId === undefined) {
      stopped = true;
      return;
    }
    const res = await send(
      base,
      'PUT',
      `/api/kits/${kitId}/surveys/day-of-sampling`,
      { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
      headers,
    );
    if (res.status === 200) acked.answers.push(kitId);
  });
  const orders = loop(async (n) => {
    const card = await send<{ id: string }>(
      base,
      'POST',
      '/api/payments/test-tokens',
      { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
      headers,
    );
    if (card.status >= 300) throw new Error('no card token');
    const res = await send<{ orderId: number; kitIds: number[] }>(
      base,
      'POST',
      '/api/orders',
      ORDER(who.email, card.body.id),
      {
        ...headers,
        'idempotency-key': `rel-${n}-${Date.now()}`,
      },
    );
    if (res.status === 201) acked.orders.push({ orderId: res.body.orderId, kitIds: res.body.kitIds });
  });
  const saveProfile = profileSaver(base, headers);
  const saves = loop(async (n) => {
    const res = await saveProfile(`Save${n}`);
    if (res.status === 200) acked.profileSaves.push(n);
  });
  return {
    acked,
    async stop() {
      stopped = true;
      await Promise.all([answers, orders, saves]);
    },
    done: Promise.all([answers, orders, saves]),
  };
}

/** SQL checks that every acknowledged write is present and no order is partial. */
export async function verify(
  query: (text: string, params?: unknown[]) => Promise<Row[]>,
  userEmail: string,
  acked: Acknowledged,
) {
  const problems: string[] = [];
  const answered = new Set(
    (
      await query(
        `select kit_id from survey_answers where question_id = 'DOS_UNWELL' and answer_string = 'true'`,
      )
    ).map((r) => Number(r.kit_id)),
  );
  for (const kitId of acked.answers) if (!answered.has(kitId)) problems.push(`answer for kit ${kitId} lost`);
  for (const order of acked.orders) {
    const [row] = await query('select id from orders where id = $1', [order.orderId]);
    if (!row) problems.push(`order ${order.orderId} lost`);
    for (const kitId of order.kitIds) {
      const [kit] = await query('select id from kits where id = $1', [kitId]);
      if (!kit) problems.push(`kit ${kitId} of order ${order.orderId} lost`);
    }
  }
  const partial = await query(
    `select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)
     or (exists (select 1 from order_items i where i.order_id = o.id and i.order_item_type = 'SUBSCRIPTION')
         and not exists (select 1 from subscriptions s where s.order_id = o.id))`,
  );
  for (const r of partial) problems.push(`order ${r.id} is partial`);
  const [user] = await query('select first_name from users where email = $1', [userEmail]);
  const lastAck = acked.profileSaves.at(-1) ?? 0;
  const saved = Number(String(user?.first_name ?? '').replace('Save', '')) || 0;
  // The saved name is the last acknowledged one, or the one in flight when the server died.
  if (saved < lastAck) problems.push(`profile save ${lastAck} lost (found ${user?.first_name})`);
  return problems;
}
