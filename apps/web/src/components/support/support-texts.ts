/**
 * Texts of the Support page and the support admin widget that the specs leave to us. The phone number,
 * email, postal address and FAQ link come from config (research §2, §9).
 */

export const SUPPORT_TEXTS = {
  title: 'Support',
  intro: 'Most questions are answered in our frequently asked questions.',
  faq: 'Read the frequently asked questions',
  contactTitle: 'Contact us',
  email: 'Email',
  phone: 'Phone',
  post: 'Post',
  impersonateTitle: 'View a participant’s portal',
  impersonateIntro: 'Enter the username (email) of the person whose portal you need to see.',
  username: 'Username',
  impersonate: 'View portal',
  banner: (name: string) => `You are viewing ${name}'s portal as support`,
  returnToMyAccount: 'Return to my account',
  readOnly: 'This view is read-only: nothing you do here changes the account.',
  viewEnded:
    'The support view has ended: it lasts up to an hour, and ends when your own session does. You are back in your own account.',
  dismiss: 'Dismiss',
  whoViewedTitle: 'Who viewed my data',
  whoViewedIntro: 'Each time our support team viewed your account, and what they looked at.',
  whoViewedEmpty: 'No one from our support team has viewed your account.',
  whoViewedMore: 'Older views are not shown.',
  formerStaff: 'A former support team member',
  refused: 'Refused: the support view is read-only',
  whoViewedFailed: 'We could not load who viewed your data. Please try again later.',
} as const;
