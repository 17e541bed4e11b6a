/**
 * "For my child or dependant" (consumer §4 redeem flow, §6): each person needs their own account with a
 * unique email, and one parent or guardian account covers one child or dependant (decision 025).
 *
 * - A guardian account already covers its one dependant: the option is not offered.
 * - A minor's own account holds the kit for the minor: it proceeds to the voucher.
 * - An adult account that already holds kits is that adult's own account: it cannot also hold a
 *   dependant's samples, so it reaches the reject step asking for a separate guardian account.
 * - An adult account with no kits yet becomes the guardian account of that one dependant: it proceeds
 *   to the voucher, and the redeem marks it a guardian account.
 */
export type DependantAccount = { underAge: boolean; guardian: boolean; kitsHeld: number };
export type DependantRedeem = 'NOT_OFFERED' | 'VOUCHER' | 'REJECT';

export function dependantRedeem(account: DependantAccount): DependantRedeem {
  if (account.guardian) return 'NOT_OFFERED';
  if (account.underAge) return 'VOUCHER';
  return account.kitsHeld === 0 ? 'VOUCHER' : 'REJECT';
}

/** Whether redeeming a dependant's kit turns this account into the dependant's guardian account. */
export const becomesGuardian = (account: DependantAccount) =>
  !account.underAge && dependantRedeem(account) === 'VOUCHER';
