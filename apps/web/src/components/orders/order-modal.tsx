import { KIT_PRODUCT_LABEL, normaliseReferralCode, type OrderResult } from '@portal/domain';
import { useState } from 'react';
import { useBranded } from '../../lib/config.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { useInvalidateKits } from '../../lib/kits-api.ts';
import { useProducts } from '../../lib/orders-api.ts';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Loading } from '../ui/loading.tsx';
import { Modal } from '../ui/modal.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { INITIAL_INTRO, type IntroValues, OrderIntroStep } from './order-intro-step.tsx';
import { quoteKits } from './order-pricing.ts';
import { OrderSuccess } from './order-success.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';
import { PaymentStep, type Purchaser } from './payment-step.tsx';

type Props = { open: boolean; onClose: () => void };

/**
 * Buy kits (consumer §2 Order): intro page 0, payment page 1, then success. The flow is mounted only
 * while open, so every opening starts again at page 0 with one kit.
 */
export function OrderModal({ open, onClose }: Props) {
  return (
    <CurrentUserModal open={open} title={ORDER_TEXTS.buyKit} onClose={onClose}>
      {(user) => <OrderFlow user={user} onClose={onClose} />}
    </CurrentUserModal>
  );
}

type Page = 0 | 1 | 'success';

function OrderFlow({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const products = useProducts();
  const invalidateKits = useInvalidateKits();
  const fallbackLabel = useBranded(KIT_PRODUCT_LABEL);
  const [page, setPage] = useState<Page>(0);
  const [values, setValues] = useState<IntroValues>(INITIAL_INTRO);
  const [done, setDone] = useState<{ result: OrderResult; purchaser: Purchaser } | null>(null);
  const pageRef = useStepFocus<HTMLDivElement>(String(page));

  const product = products.data?.find((p) => p.orderType === 'NEW');
  const productLabel = product?.label ?? fallbackLabel;
  const quote = quoteKits('NEW', values.quantity, values.promo, Boolean(product));
  const promotionalCode = values.promo?.code ?? null;
  const lines = [{ label: `${quote.quantity} × ${productLabel}`, cents: quote.subtotalCents }];
  const discount = values.promo ? { code: values.promo.code, cents: quote.discountCents } : null;

  function buildOrder(purchaser: Purchaser) {
    const gift = values.giftEmail.trim();
    const referral = normaliseReferralCode(values.referralCode);
    return {
      ...purchaser,
      orderType: 'NEW' as const,
      orderItems: Array.from({ length: values.quantity }, () => ({
        orderItemType: 'KIT' as const,
        deliveryOption: 'SEND_LATER' as const,
        unitPrice: quote.unitCents / 100,
        promotionalCode,
        referralCode: referral || null,
        email: gift || null,
      })),
      amount: quote.totalCents / 100,
      description: `${quote.quantity} × ${productLabel}`,
    };
  }

  function paid(result: OrderResult, purchaser: Purchaser) {
    setDone({ result, purchaser });
    setPage('success');
    void invalidateKits();
  }

  return (
    <Modal open onClose={onClose} title={page === 'success' ? ORDER_TEXTS.successTitle : ORDER_TEXTS.buyKit}>
      <div ref={pageRef} tabIndex={-1} className="modal-step">
        {page === 0 && products.isPending ? <Loading /> : null}
        {page === 0 && !products.isPending ? (
          <OrderIntroStep
            productLabel={productLabel}
            pricesFailed={!product}
            values={values}
            onChange={setValues}
            quote={quote}
            onContinue={() => setPage(1)}
          />
        ) : null}
        {page === 1 ? (
          <PaymentStep
            user={user}
            totalCents={quote.totalCents}
            summary={<OrderSummary lines={lines} discount={discount} totalCents={quote.totalCents} />}
            buildOrder={buildOrder}
            onPaid={paid}
            onBack={() => setPage(0)}
          />
        ) : null}
        {page === 'success' && done ? (
          <OrderSuccess
            orderNumber={done.result.orderNumber}
            receiptEmail={done.purchaser.purchaserEmail}
            onDone={onClose}
          >
            <p>
              {values.giftEmail.trim() ? ORDER_TEXTS.giftNext(values.giftEmail.trim()) : ORDER_TEXTS.kitsNext}
            </p>
          </OrderSuccess>
        ) : null}
      </div>
    </Modal>
  );
}
