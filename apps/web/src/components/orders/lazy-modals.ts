import { lazyModal } from '../../lib/lazy-load.tsx';

// The order dialogs, fetched when first opened (see lazyModal), so the pages that offer them (dashboard,
// kits, report) do not carry their code on first paint.
export const OrderModal = lazyModal(
  () => import('./order-modal.tsx'),
  (m) => m.OrderModal,
);
export const SubscriptionModal = lazyModal(
  () => import('./subscription-modal.tsx'),
  (m) => m.SubscriptionModal,
);
export const ReplacementOrderModal = lazyModal(
  () => import('./replacement-order-modal.tsx'),
  (m) => m.ReplacementOrderModal,
);
