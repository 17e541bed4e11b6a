/**
 * What other features may use of recruitment/ (the rest is its own; architecture.test.ts): study
 * recruitments and their candidates, as the staff console writes them.
 */
export { candidateContact, consentWords } from './consent-words.ts';
export {
  candidateOneClickUrl,
  candidateUnsubscribeUrl,
  createCandidate,
  createRecruitment,
} from './recruitment.service.ts';
