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
} as const;
