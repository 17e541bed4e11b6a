import { formatMoney, kitStatusWords, type StaffOrderRow, withBrand } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { SearchForm, useSearchQuery } from '../../../components/staff/search-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfig } from '../../../lib/config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOrders, useRefundOrder } from '../api.ts';
import { ReasonDialog } from '../components/reason-dialog.tsx';

const dollars = (cents: number) => `$${formatMoney(cents)}`;

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
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  const close = () => {
    setRefunding(null);
    refund.reset();
  };

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
            <td>{formatDateTime(order.createdAt)}</td>
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
                `Refunded ${dollars(order.refund.amountCents)} on ${formatDateTime(order.refund.at)}`
              ) : order.refundableCents > 0 ? (
                <Button variant="secondary" onClick={() => setRefunding(order)}>
                  Refund…<span className="visually-hidden"> {order.number}</span>
                </Button>
              ) : (
                'Nothing to refund'
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      <ReasonDialog
        open={refunding !== null}
        title={`Refund ${refunding?.number ?? ''}?`}
        confirmLabel={`Refund ${dollars(refunding?.refundableCents ?? 0)}`}
        busy={refund.isPending}
        error={refund.error}
        onClose={close}
        onConfirm={(reason) => {
          if (!refunding) return;
          const order = refunding;
          refund.mutate(
            { orderId: order.id, reason },
            {
              onSuccess: (row) => {
                setDone(`${row.number} refunded: ${dollars(row.refund?.amountCents ?? 0)}.`);
                close();
              },
            },
          );
        }}
      >
        <p>
          {dollars(refunding?.refundableCents ?? 0)} goes back to the card through the payment provider. Kits
          of this order that have not been sent are cancelled; kits already sent stay with the person.
        </p>
      </ReasonDialog>
    </>
  );
}
