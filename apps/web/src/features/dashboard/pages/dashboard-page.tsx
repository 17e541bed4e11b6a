import { dashboardGreeting, isProfileComplete, type ProfileReturn } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { RedeemModal } from '../../../components/kit-modals/lazy-modals.ts';
import { OrderModal, SubscriptionModal } from '../../../components/orders/lazy-modals.ts';
import { ORDER_TEXTS } from '../../../components/orders/orders-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useConfig } from '../../../lib/config.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { takeGiftVoucher } from '../../../lib/gift-voucher.ts';
import { useKits } from '../../../lib/kits-api.ts';
import { CoachCard } from '../components/coach-card.tsx';
import { EMPTY_ACTIONS, NotificationsCard } from '../components/notifications-card.tsx';
import { SummaryCards } from '../components/summary-cards.tsx';

const REDEEM = 'REDEEM';

/**
 * Home after sign-in. The redeem modal's state lives in the address (?showModal=REDEEM, with
 * &voucher= from the gift email), so the emailed link and the button open the same thing.
 */
export function DashboardPage() {
  const { appType } = useConfig();
  const user = useCurrentUser();
  const kits = useKits();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [buying, setBuying] = useState<'kit' | 'subscription' | null>(null);
  const ready = appType === 'CUSTOMER' && user.data !== undefined && isProfileComplete(user.data);
  const email = user.data?.email;

  // A gift voucher kept at registration opens the redeem modal once the profile is complete.
  useEffect(() => {
    if (!ready || !email) return;
    const voucher = takeGiftVoucher(email);
    if (voucher) setParams({ showModal: REDEEM, voucher }, { replace: true });
  }, [ready, email, setParams]);

  if (user.isPending) return <Loading />;
  if (user.isError) return <Alert tone="error">{user.error.message}</Alert>;
  // Consumer §4: while the profile is incomplete, the dashboard sends the person to it (the research
  // portal's gate keeps them there; here only the dashboard does). The first save comes back here, with
  // the address as it was, so a gift email's redeem link still opens its voucher.
  if (appType === 'CUSTOMER' && !isProfileComplete(user.data)) {
    const returnTo: ProfileReturn = { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to="/profile" replace state={returnTo} />;
  }

  function openRedeem() {
    setParams({ showModal: REDEEM }, { replace: true });
  }

  function closeRedeem() {
    setParams(
      (current) => {
        current.delete('showModal');
        current.delete('voucher');
        return current;
      },
      { replace: true },
    );
  }

  return (
    <>
      <h1>{dashboardGreeting(user.data.firstName, user.data.guardian)}</h1>
      <div className="form-actions dashboard-actions">
        <Link className="button button-primary" to="/kits">
          View my kits
        </Link>
        <Button variant="secondary" onClick={openRedeem}>
          Redeem a voucher
        </Button>
        <Button variant="secondary" onClick={() => setBuying('kit')}>
          {ORDER_TEXTS.buyKit}
        </Button>
        <Button variant="secondary" onClick={() => setBuying('subscription')}>
          {ORDER_TEXTS.startSubscription}
        </Button>
      </div>
      {kits.isPending ? <Loading /> : null}
      {kits.isError ? <Alert tone="error">{kits.error.message}</Alert> : null}
      {kits.data ? (
        <div className="card-grid">
          <NotificationsCard kits={kits.data} />
          <SummaryCards
            kits={kits.data}
            emptyAction={
              <Button variant="secondary" onClick={() => setBuying('kit')}>
                {EMPTY_ACTIONS.order}
              </Button>
            }
          />
          {appType === 'CUSTOMER' ? <CoachCard /> : null}
        </div>
      ) : null}
      <RedeemModal
        open={params.get('showModal') === REDEEM}
        onClose={closeRedeem}
        initialVoucher={params.get('voucher') ?? undefined}
      />
      <OrderModal open={buying === 'kit'} onClose={() => setBuying(null)} />
      <SubscriptionModal open={buying === 'subscription'} onClose={() => setBuying(null)} />
    </>
  );
}
