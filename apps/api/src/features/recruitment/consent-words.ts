import type { CandidateContact, RecruitmentConsentWords } from '@portal/domain';
import type { candidates, recruitmentConsents } from '../../db/schema/index.ts';

/** A consent's words as the candidate reads them and the console shows them (recruitmentConsentWordsSchema). */
export function consentWords(consent: typeof recruitmentConsents.$inferSelect): RecruitmentConsentWords {
  return {
    id: consent.id,
    title: consent.title,
    htmlContent: consent.htmlContent,
    agreeLabel: consent.agreeLabel,
    disagreeLabel: consent.disagreeLabel,
    url: consent.url,
    thanksResponse: consent.thanksResponse,
  };
}

/** Who a candidate is, as the consent page greets them and the console lists them (candidateContactSchema). */
export function candidateContact(candidate: typeof candidates.$inferSelect): CandidateContact {
  return {
    id: candidate.id,
    email: candidate.email,
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    phoneNumber: candidate.phoneNumber,
  };
}
