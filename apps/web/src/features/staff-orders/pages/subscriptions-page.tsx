import { formatMoney, type StaffSubscriptionRow, SUBSCRIPTION_LISTS } from '@portal/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { ReasonDialog } from '../../../components/staff/reason-dialog.tsx';
import { SearchForm } from '../../../components/staff/search-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { type SubscriptionList, useCancelSubscription, useRetryRenewal, useSubscriptions } from '../api.ts';

const LIST_TEXT: Record<SubscriptionList, { label: string; empty: string }> = {
  active: { label: 'Active', empty: 'No active subscription matches.' },
  failed: { label: 'Failed renewals', empty: 'No renewal has failed.' },
  cancelled: { label: 'Cancelled', empty: 'No cancelled subscription matches.' },
};

const isList = (value: string | null): value is SubscriptionList =>
  (SUBSCRIPTION_LISTS as readonly string[]).includes(value ?? '');

/**
 * SUPPORT and ADMIN: subscriptions, active, with a failed renewal, or cancelled. A failed renewal can be
 * tried again now (the card is charged as the renewals job would); any active one can be cancelled with
 * a reason.
 */
export function SubscriptionsPage() {
  const [params, setParams] = useSearchParams();
  const listParam = params.get('list');
  const list: SubscriptionList = isList(listParam) ? listParam : 'active';
  const q = params.get('q') ?? '';
  const subs = useSubscriptions(list, q);
  const cancel = useCancelSubscription();
  const retry = useRetryRenewal();
  const [cancelling, setCancelling] = useState<StaffSubscriptionRow | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(
    null,
  );
  const rows = subs.data?.pages.flatMap((page) => page.subscriptions) ?? [];

  const show = (next: Record<string, string>) => {
    setOutcome(null);
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  const closeCancel = () => {
    setCancelling(null);
    cancel.reset();
  };
  const retryOne = (sub: StaffSubscriptionRow) =>
    retry.mutate(sub.id, {
      onSuccess: (result) =>
        setOutcome({ tone: result.outcome === 'RENEWED' ? 'success' : 'warning', text: result.message }),
      onError: (error) => setOutcome({ tone: 'error', text: error.message }),
    });

  return (
    <>
      <h1>Subscriptions</h1>
      <search className="staff-panel">
        <nav aria-label="Which subscriptions" className="staff-filter-links">
          {SUBSCRIPTION_LISTS.map((name) => (
            <Link
              key={name}
              to={`/staff/subscriptions${name === 'active' ? '' : `?list=${name}`}`}
              aria-current={name === list ? 'page' : undefined}
              onClick={() => setOutcome(null)}
            >
              {LIST_TEXT[name].label}
            </Link>
          ))}
        </nav>
        <SearchForm
          label="Email"
          hint="The account's email, or its start"
          formLabel="Find a subscription"
          initial={q}
          onSearch={(text) => show({ list: list === 'active' ? '' : list, q: text })}
        />
      </search>
      <h2>{LIST_TEXT[list].label}</h2>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <PagedTable
        list={subs}
        count={rows.length}
        empty={LIST_TEXT[list].empty}
        caption={`${LIST_TEXT[list].label}, newest first`}
        columns={[
          'Person',
          'Plan',
          'Renewals',
          list === 'cancelled' ? 'Cancelled' : 'Next renewal',
          'Last renewal error',
          'Actions',
        ]}
        more="Show more"
      >
        {rows.map((sub) => (
          <tr key={sub.id}>
            <th scope="row">
              <Link to={`/staff/people/${sub.userId}`}>{sub.name}</Link>
              <div className="staff-note">{sub.email}</div>
            </th>
            <td>
              {sub.label} (${formatMoney(sub.priceCents)})
            </td>
            <td>{sub.renewals}</td>
            <td>{formatConsoleTime(sub.cancelledAt ?? sub.nextRenewalAt)}</td>
            <td>{sub.lastRenewalError ?? '—'}</td>
            <td>
              {sub.cancelledAt ? null : (
                <div className="staff-row-actions">
                  {sub.lastRenewalError ? (
                    <Button
                      busy={retry.isPending && retry.variables === sub.id}
                      onClick={() => retryOne(sub)}
                    >
                      Retry renewal<span className="visually-hidden"> of {sub.name}</span>
                    </Button>
                  ) : null}
                  <Button variant="quiet" onClick={() => setCancelling(sub)}>
                    Cancel…<span className="visually-hidden"> the subscription of {sub.name}</span>
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      <ReasonDialog
        open={cancelling !== null}
        title={`Cancel the subscription of ${cancelling?.name ?? ''}?`}
        confirmLabel="Cancel the subscription"
        busy={cancel.isPending}
        error={cancel.error}
        onClose={closeCancel}
        onConfirm={(reason) => {
          if (!cancelling) return;
          const sub = cancelling;
          cancel.mutate(
            { id: sub.id, reason },
            {
              onSuccess: () => {
                setOutcome({ tone: 'success', text: `The subscription of ${sub.name} is cancelled.` });
                closeCancel();
              },
            },
          );
        }}
      >
        <p>No renewal is charged or sent after this. Kits already sent stay with the person.</p>
      </ReasonDialog>
    </>
  );
}
