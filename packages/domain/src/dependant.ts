import { z } from 'zod';
import { dateOfBirthSchema, PROFILE_LIMITS, required } from './profile.ts';

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

/**
 * Issue 33 item 23: an adult account without kits becomes the account of the child or dependant only
 * when the adult says so, with the child's name and date of birth; the adult's name moves to the
 * guardian fields. Otherwise the spec's reject step asks for a separate guardian account.
 */
export const dependantDetailsSchema = z.object({
  firstName: required(PROFILE_LIMITS.name),
  lastName: required(PROFILE_LIMITS.name),
  /** YYYY-MM-DD (the form takes DD/MM/YYYY). */
  dateOfBirth: dateOfBirthSchema,
});
export type DependantDetails = z.infer<typeof dependantDetailsSchema>;

export const DEPENDANT_TEXTS = {
  question: "Will this become your child's or dependant's account?",
  explanation:
    'This account has no kits yet, so it can become the account of your child or dependant: their name and date of birth go on it, their results are shown here, and you are named as their parent or guardian.',
  yes: "Yes, this becomes my child's or dependant's account",
  no: 'No, this account is mine',
  firstName: "Child's or dependant's first name",
  lastName: "Child's or dependant's last name",
  dateOfBirth: "Child's or dependant's date of birth",
  choose: 'Please choose one of the two answers.',
  /** The server's answer when the details are missing for an account that becomes the dependant's. */
  detailsRequired: "Tell us your child's or dependant's name and date of birth: this account becomes theirs.",
  /** Said once the account is the child's (in words, as the redeem modal shows it). */
  confirmed: (child: string, guardian: string) =>
    `This is now ${child}'s account, and you, ${guardian}, are named as their parent or guardian.`,
} as const;
