import type { SurveyDefinition, SurveyQuestion } from '@portal/domain';

function question(
  id: number,
  questionId: string,
  answerType: SurveyQuestion['answerType'],
  extra: Partial<SurveyQuestion> = {},
): SurveyQuestion {
  return {
    id,
    questionId,
    question: `Question ${questionId}?`,
    answerType,
    answers: [],
    questionNumber: id,
    min: null,
    max: null,
    compulsory: true,
    ...extra,
  };
}

/**
 * A small day-of-sampling questionnaire: 'No' to antibiotics skips its follow-ups, 'Another
 * antibiotic' shows the question asking which, and the number questions have bounds.
 */
export const testDefinition: SurveyDefinition = {
  surveyType: 'DAY_OF_SAMPLING',
  version: 1,
  title: 'Day of sampling',
  description: 'Questions about the day you collected your sample.',
  howTo: 'Think about the day of sampling.',
  estimate: '5-10 min',
  sections: { ANTIBIOTICS: 'Antibiotics and medicines', BM_COUNT: 'Bowel habits' },
  questions: [
    question(1, 'ANTIBIOTICS', 'BOOLEAN', { question: 'Have you taken antibiotics in the last 3 months?' }),
    question(2, 'ANTIBIOTICS_WHICH', 'SINGLE_OPTION', {
      question: 'Which antibiotic did you take most recently?',
      questionNumber: '1a',
      answers: [
        { id: 201, answer: 'Amoxicillin' },
        { id: 202, answer: 'Another antibiotic' },
      ],
    }),
    question(3, 'ANTIBIOTICS_OTHER', 'TEXT', {
      question: 'What was the name of the other antibiotic?',
      questionNumber: '1b',
    }),
    question(4, 'BM_COUNT', 'NUMBER', {
      question: 'How many bowel movements did you have on the day of sampling?',
      questionNumber: 2,
      min: 1,
      max: 20,
    }),
    question(5, 'ACTIVE_DAYS', 'DURATION_IN_DAYS', {
      question: 'On how many days were you active?',
      questionNumber: 3,
      min: 0,
      max: 7,
    }),
    question(6, 'SYMPTOMS', 'MULTI_OPTION', {
      question: 'Did you have any of the following?',
      questionNumber: 4,
      answers: [
        { id: 601, answer: 'Bloating' },
        { id: 602, answer: 'Fever' },
        { id: 603, answer: 'None of these' },
      ],
    }),
    question(7, 'NOTES', 'TEXT', {
      question: 'Is there anything else you would like us to know?',
      questionNumber: 5,
      compulsory: false,
    }),
  ],
  skipTriggers: [{ questionId: 'ANTIBIOTICS', nextQuestionId: 'BM_COUNT', triggerValue: 'false' }],
  showTriggers: [
    { questionId: 'ANTIBIOTICS_WHICH', showQuestionId: 'ANTIBIOTICS_OTHER', triggerValue: '202' },
  ],
};
