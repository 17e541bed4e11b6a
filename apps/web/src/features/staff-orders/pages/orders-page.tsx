import {
  formatMoney,
  kitStatusWords,
  STAFF_ORDER_MESSAGES,
  type StaffOrderRow,
  withBrand,
} from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { ReasonDialog } from '../../../components/staff/reason-dialog.tsx';
import { SearchForm, useSearchQuery } from '../../../components/staff/search-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useConfig } from '../../../lib/config.ts';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useOrders, useRefundOrder } from '../api.ts';

const dollars = (cents: number) => `$${formatMoney(cents)}`;

/** Dollars and cents as typed ("35", "35.5", "35.50", "$35.50") in cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** An order's items: each kit (a link to its page, with its status in the spec's words) or plan. */
function OrderItems({ order }: { order: StaffOrderRow }) {
  const { brandName } = useConfig();
  if (order.items.length === 0) return <>—</>;
  return (
    <ul className="staff-plain-list">
      {order.items.map((item, index) => (
        <li key={item.kitId ?? `item-${index}`}>
          {item.kitId ? (
            <>
              <Link to={`/staff/kits/${item.kitId}`}>KIT-{item.kitId}</Link>{' '}
              {item.kitStatus ? withBrand(kitStatusWords(item.kitStatus), brandName) : null}
            </>
          ) : (
            (item.subscriptionType ?? item.type)
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * SUPPORT and ADMIN: orders, newest first, found by number or email; refund one through the payment
 * provider (once, with a reason; its unsent kits are cancelled).
 */
export function OrdersPage() {
  const { q, search } = useSearchQuery();
  const orders = useOrders(q);
  const refund = useRefundOrder();
  const [refunding, setRefunding] = useState<StaffOrderRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  const close = () => {
    setRefunding(null);
    setAmountError(undefined);
    refund.reset();
  };
  const open = (order: StaffOrderRow) => {
    setAmount(formatMoney(order.refundableCents));
    setAmountError(undefined);
    setDone(null);
    setRefunding(order);
  };
  const asked = parseDollars(amount);

  return (
    <>
      <h1>Orders</h1>
      <search className="staff-panel">
        <SearchForm
          label="Find an order"
          hint="Order number (ORD-000012) or email, or the start of the email"
          initial={q}
          onSearch={search}
        />
      </search>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <PagedTable
        list={orders}
        count={rows.length}
        empty="No order matches this search."
        caption="Orders, newest first"
        columns={['Order', 'Placed', 'Account', 'Items', 'Paid', 'Refund']}
        more="Show older orders"
      >
        {rows.map((order) => (
          <tr key={order.id}>
            <th scope="row">{order.number}</th>
            <td>{formatConsoleTime(order.createdAt)}</td>
            <td>
              <Link to={`/staff/people/${order.userId}`}>{order.accountEmail}</Link>
              {order.purchaserEmail !== order.accountEmail ? (
                <div className="staff-note">Bought by {order.purchaserEmail}</div>
              ) : null}
            </td>
            <td>
              <OrderItems order={order} />
            </td>
            <td>
              {dollars(order.amountCents)}
              {order.promoCode ? (
                <div className="staff-note">
                  {order.promoCode}: {dollars(order.discountCents)} off
                </div>
              ) : null}
            </td>
            <td>
              {order.refund ? (
                <div>
                  Refunded {dollars(order.refund.amountCents)} on {formatConsoleTime(order.refund.at)}
                </div>
              ) : null}
              {order.refundableCents > 0 ? (
                <Button variant="secondary" onClick={() => open(order)}>
                  Refund…<span className="visually-hidden"> {order.number}</span>
                </Button>
              ) : order.refund ? null : (
                'Nothing to refund'
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      <ReasonDialog
        open={refunding !== null}
        title={`Refund ${refunding?.number ?? ''}?`}
        confirmLabel={`Refund ${dollars(asked ?? refunding?.refundableCents ?? 0)}`}
        busy={refund.isPending}
        error={refund.error}
        onClose={close}
        onConfirm={(reason) => {
          if (!refunding) return;
          const order = refunding;
          if (asked === null) return setAmountError(STAFF_ORDER_MESSAGES.amountInvalid);
          if (asked > order.refundableCents)
            return setAmountError(STAFF_ORDER_MESSAGES.amountTooHigh(order.refundableCents));
          setAmountError(undefined);
          refund.mutate(
            { orderId: order.id, reason, amountCents: asked },
            {
              onSuccess: (row) => {
                setDone(
                  `${row.number}: ${dollars(asked)} refunded, and the customer emailed.` +
                    (row.refundableCents > 0
                      ? ` ${dollars(row.refundableCents)} can still be refunded.`
                      : ''),
                );
                close();
              },
            },
          );
        }}
      >
        <p>
          Up to {dollars(refunding?.refundableCents ?? 0)} can go back to the card through the payment
          provider, and the customer is emailed. Refunding all of it cancels the kits of this order that have
          not been sent; kits already sent stay with the person, and read "Refunded" in their portal.
        </p>
        <Field
          label="Amount to refund (AUD)"
          hint="Less than all of it is a partial refund: no kit is cancelled."
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={amountError}
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountError(undefined);
          }}
        />
      </ReasonDialog>
    </>
  );
}
