import { KIT_PRODUCT_LABEL, type Kit, kitDisplayName, type OrderResult } from '@portal/domain';
import { useState } from 'react';
import { useBranded } from '../../lib/config.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { useInvalidateKits } from '../../lib/kits-api.ts';
import { useProducts } from '../../lib/orders-api.ts';
import { Alert } from '../ui/alert.tsx';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Loading } from '../ui/loading.tsx';
import { Modal } from '../ui/modal.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { quoteKits } from './order-pricing.ts';
import { OrderSuccess } from './order-success.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';
import { PaymentStep, type Purchaser } from './payment-step.tsx';

type Props = { kit: Kit; open: boolean; onClose: () => void };

/**
 * Consumer §2 Replacement order: one kit at the replacement price for a kit whose sample failed. The
 * old kit becomes REPLACED and the new one waits in My Kits.
 */
export function ReplacementOrderModal({ kit, open, onClose }: Props) {
  return (
    <CurrentUserModal open={open} title={ORDER_TEXTS.replacementTitle} onClose={onClose}>
      {(user) => <ReplacementFlow kit={kit} user={user} onClose={onClose} />}
    </CurrentUserModal>
  );
}

function ReplacementFlow({ kit, user, onClose }: { kit: Kit; user: CurrentUser; onClose: () => void }) {
  const products = useProducts();
  const invalidateKits = useInvalidateKits();
  const fallbackLabel = useBranded(KIT_PRODUCT_LABEL);
  const [done, setDone] = useState<{ result: OrderResult; purchaser: Purchaser } | null>(null);
  const pageRef = useStepFocus<HTMLDivElement>(done ? 'success' : 'payment');

  const product = products.data?.find((p) => p.orderType === 'REPLACEMENT');
  const productLabel = product?.label ?? fallbackLabel;
  const quote = quoteKits('REPLACEMENT', 1, null, Boolean(product));

  function buildOrder(purchaser: Purchaser) {
    return {
      ...purchaser,
      orderType: 'REPLACEMENT' as const,
      replacingKitId: kit.id,
      orderItems: [
        {
          orderItemType: 'KIT' as const,
          deliveryOption: 'SEND_LATER' as const,
          unitPrice: quote.unitCents / 100,
        },
      ],
      amount: quote.totalCents / 100,
      description: `Replacement for KIT-${kit.id}`,
    };
  }

  function paid(result: OrderResult, purchaser: Purchaser) {
    setDone({ result, purchaser });
    void invalidateKits();
  }

  return (
    <Modal open onClose={onClose} title={done ? ORDER_TEXTS.successTitle : ORDER_TEXTS.replacementTitle}>
      <div ref={pageRef} tabIndex={-1} className="modal-step">
        {done ? (
          <OrderSuccess
            orderNumber={done.result.orderNumber}
            receiptEmail={done.purchaser.purchaserEmail}
            onDone={onClose}
          >
            <p>{ORDER_TEXTS.replacementNext}</p>
          </OrderSuccess>
        ) : products.isPending ? (
          <Loading />
        ) : (
          <PaymentStep
            user={user}
            totalCents={quote.totalCents}
            summary={
              <>
                <p>{ORDER_TEXTS.replacementFor(kitDisplayName(kit))}</p>
                {product ? null : <Alert tone="warning">{ORDER_TEXTS.pricesUnavailable}</Alert>}
                <OrderSummary
                  lines={[{ label: productLabel, cents: quote.subtotalCents }]}
                  totalCents={quote.totalCents}
                />
              </>
            }
            buildOrder={buildOrder}
            onPaid={paid}
          />
        )}
      </div>
    </Modal>
  );
}
