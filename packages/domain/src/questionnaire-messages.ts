/**
 * What the questionnaire routes answer when a questionnaire cannot be opened or answered (consumer §5),
 * shared by the API (its questionnaires and the stool-sample questionnaire), the portal and the tests.
 */
export const QUESTIONNAIRE_MESSAGES = {
  unknownType: 'There is no such questionnaire.',
  notListed: 'This questionnaire is not part of this kit.',
  notActivated: 'Questionnaires open once your kit has been activated.',
  infantKit: 'The questionnaires of this kit are answered on the infant questionnaire site.',
  unknownQuestion: 'There is no such question in this questionnaire.',
} as const;
