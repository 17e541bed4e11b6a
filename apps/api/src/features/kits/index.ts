/**
 * What other features may use of kits/ (the rest is its own; architecture.test.ts): making, buying, giving
 * and moving kits along their states, as orders, reports, studies and staff do.
 */
export { formatVoucher, ownerStatuses, ownerTimeline, resultsKeptFromOwner } from './kit-view.ts';
export { createKits, createReferralCode, retractKitResults, setKitStatus } from './kits-lab.ts';
export { listUserKits } from './kits-listing.ts';
export {
  activateKit,
  activeReferral,
  giveKit,
  redeemableKitByVoucher,
  redeemKit,
  updateKit,
} from './kits-owner.ts';
