/**
 * The kits feature's services, split along their seams: reading a person's kits (kits-listing.ts), what
 * the owner does with a kit (kits-owner.ts), the operators' and lab's steps (kits-lab.ts); kit-view.ts
 * holds the kit as shown, its codes and events, which all three share. Other features import through index.ts.
 */
export { formatVoucher } from './kit-view.ts';
export { createKits, createReferralCode, setKitStatus } from './kits-lab.ts';
export { dashboard, kitTimeline, listSentKits, listUserKits } from './kits-listing.ts';
export {
  activateKit,
  activeReferral,
  checkVoucher,
  giveKit,
  lookupReferral,
  redeemKit,
  resendGift,
  updateKit,
} from './kits-owner.ts';
