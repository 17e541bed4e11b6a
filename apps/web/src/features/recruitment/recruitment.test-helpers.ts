import type { RecruitmentConsent } from '@portal/domain';
import { stubApi } from '../../test/stub-api.ts';

export type { ApiCall, Reply, Routes } from '../../test/stub-api.ts';
export { replyError } from '../../test/stub-api.ts';

export const CANDIDATE_ID = '3f2b8c1e-5d4a-4b7e-9a61-0c2d8e4f7a10';
export const consentPath = (consentId: number) =>
  `/recruitment/7/candidate/${CANDIDATE_ID}/consent/${consentId}`;

export function consentOf(overrides: Partial<RecruitmentConsent> = {}): RecruitmentConsent {
  return {
    id: 11,
    title: 'Study information',
    htmlContent: '<p>Please read about the <b>study</b>.</p>',
    agreeLabel: 'I have read it',
    disagreeLabel: 'I do not want to continue',
    url: null,
    userResponse: null,
    isTerminated: false,
    thanksResponse: null,
    nextConsentId: 12,
    candidate: {
      id: CANDIDATE_ID,
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Silva',
      phoneNumber: '0412 345 678',
    },
    ...overrides,
  };
}

/** The API as `routes` answer it (keyed 'METHOD /api/path'); anything else is a 404. */
export const stubRecruitmentApi = stubApi;
