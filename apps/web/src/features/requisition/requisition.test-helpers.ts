import type { KitInfo, SurveyDefinition } from '@portal/domain';
import { stubApi } from '../../test/stub-api.ts';

export type { ApiCall, Reply, Routes } from '../../test/stub-api.ts';
export { replyError } from '../../test/stub-api.ts';

export const HASH = 'kXq3mZ8vT2pL9wR4nB6yHa';
export const SURVEY_RESULT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export function kitInfoOf(overrides: Partial<KitInfo> = {}): KitInfo {
  return {
    formType: 'requisition-form',
    kit: { kitHashedId: HASH, kitType: 'ORBITM_B_KIT', tubes: ['TUBEA1', 'TUBEA2', 'TUBEA3', 'TUBEA4'] },
    site: { id: 3, name: 'Brisbane site', timezone: 'Australia/Brisbane' },
    visitor: null,
    studyVisit: null,
    siteVisitId: null,
    visitAt: null,
    visitAtEpoch: null,
    note: null,
    collections: [],
    sampleReplacements: [],
    surveyResults: [],
    replacement: null,
    ...overrides,
  };
}

export const STOOL_DEFINITION = {
  surveyType: 'STOOL_SAMPLE',
  version: 1,
  title: 'Stool sample questionnaire',
  description: 'A few questions about the sample.',
  howTo: 'Ask each question.',
  estimate: '2-5 min',
  sections: {},
  questions: [
    {
      id: 101,
      questionId: 'STOOL_TYPICAL',
      question: 'Was this bowel motion typical for you?',
      answerType: 'BOOLEAN',
      answers: [],
      questionNumber: 1,
      compulsory: true,
    },
    {
      id: 102,
      questionId: 'STOOL_COMMENTS',
      question: 'Anything else?',
      answerType: 'TEXT',
      answers: [],
      questionNumber: 2,
      compulsory: false,
    },
  ],
  skipTriggers: [],
  showTriggers: [],
} as SurveyDefinition;

/** The API as `routes` answer it (keyed 'METHOD /api/path'); anything else is a 404. */
export const stubRequisitionApi = stubApi;
