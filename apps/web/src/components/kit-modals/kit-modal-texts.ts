import { REDEEM_OPTION_LABELS, type RedeemOption } from '@portal/domain';

/**
 * Texts of the kit modals that packages/domain does not hold yet (the spec's claims of §9 and the
 * redeem options' descriptions). The options' labels are the spec's, from REDEEM_OPTION_LABELS.
 */
export const REDEEM_OPTION_TEXTS: Record<RedeemOption, { label: string; description: string }> = {
  SEND_NOW: {
    label: REDEEM_OPTION_LABELS.SEND_NOW,
    description: 'Redeem the voucher and we post the kit to you.',
  },
  SEND_LATER: {
    label: REDEEM_OPTION_LABELS.SEND_LATER,
    description: 'Redeem the voucher now and ask for the kit to be posted when you are ready.',
  },
  CHILD: { label: REDEEM_OPTION_LABELS.CHILD, description: 'Set the kit up for someone in your care.' },
  GIVE: {
    label: REDEEM_OPTION_LABELS.GIVE,
    description: 'We email the voucher to the person you choose.',
  },
};

export const KIT_MODAL_TEXTS = {
  deliveryTime: 'Kits arrive in 3-6 business days by postal service.',
  childReminderTitle: 'A kit for your child or dependant',
  childReminder: [
    'Each person needs their own account with a unique email address.',
    'One parent or guardian account covers one child or dependant.',
  ],
  dependantAddress: 'Where should we send the kit for your child or dependant?',
} as const;

/** Consumer §9: the facts behind coach booking; {supportPhone} is the configured support number. */
export const COACH_INFO_TEXTS = {
  title: 'How to book your Microbiome Coach session',
  facts: [
    'A 15-minute call with a Microbiome Coach is included with each kit.',
    'Booking unlocks automatically once your results are available and your questionnaires are 100% complete.',
    'Please complete your questionnaires within 2 days of the email telling you that the lab received your sample.',
    'More than 85% completion of the questionnaires is needed to get value from a coach session.',
    'Families with several reports can phone support on {supportPhone} to book consecutive 15-minute sessions.',
  ],
} as const;
