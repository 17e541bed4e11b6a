/**
 * Texts of the recruitment pages that the specs leave to us (the spec's own texts are
 * RECRUITMENT_MESSAGES in packages/domain). They belong there too once the domain package takes them.
 */
export const RECRUITMENT_TEXTS = {
  detailsLegend: 'Your details',
  answerLegend: 'Your answer',
  pdfTitle: (consentTitle: string) => `${consentTitle} (PDF)`,
  pdfLink: 'Open the PDF in a new tab',
  thanksHeading: 'Thank you',
  defaultThanks: 'Thank you for your responses. The study team will be in touch about the next steps.',
  unsubscribeHeading: 'Unsubscribe from research project news',
  greeting: (firstName: string) => `Hi ${firstName},`,
  unsubscribeQuestion: 'Press Unsubscribe and we will stop sending you news about this research project.',
  alreadyUnsubscribed: 'You have already unsubscribed from research project news.',
  eoiHeading: (title: string) => `Register your interest: ${title}`,
  eoiIntro: 'Leave your details and we will email you about the study, its screening and eligibility.',
  eoiFormLabel: 'Register your interest',
  eoiSubmit: 'Register my interest',
  studyNotFound: 'We could not find this study. Please check the link.',
  phoneHint: 'An Australian or New Zealand number, for example 0412 345 678.',
} as const;
