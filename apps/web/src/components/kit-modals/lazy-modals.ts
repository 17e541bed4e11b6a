import { lazyModal } from '../../lib/lazy-load.tsx';

// The kit dialogs, fetched when first opened (see lazyModal), so the dashboard and kits pages do not
// carry their code on first paint.
export const RedeemModal = lazyModal(
  () => import('./redeem-modal.tsx'),
  (m) => m.RedeemModal,
);
export const ActivateKitModal = lazyModal(
  () => import('./activate-modal.tsx'),
  (m) => m.ActivateKitModal,
);
export const GiveKitModal = lazyModal(
  () => import('./give-modal.tsx'),
  (m) => m.GiveKitModal,
);
export const CoachInfoModal = lazyModal(
  () => import('./coach-info-modal.tsx'),
  (m) => m.CoachInfoModal,
);
export const SelectOptionModal = lazyModal(
  () => import('./select-option-modal.tsx'),
  (m) => m.SelectOptionModal,
);
