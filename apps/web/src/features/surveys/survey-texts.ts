import type { StudySurveyType } from '@portal/domain';

/**
 * Texts of the questionnaire screens. The spec's own texts are marked; they belong with
 * ANSWER_MESSAGES in packages/domain once it takes them. Until then they live here, in one place.
 */
export const SURVEY_TEXTS = {
  title: 'Questionnaires',
  intro: [
    'Please complete your questionnaires within 2 days of receiving the email telling you that the lab has received your sample, while the days around sampling are still fresh in your mind.',
    'Booking a Microbiome Coach session unlocks automatically once your questionnaires are 100% complete. More than 85% of the questions need to be answered to get value from a coach session.',
  ],
  researchIntro: [
    'These are the questionnaires of your research projects. Your answers help the study team understand your sample, so please answer every question you can.',
    'Your answers save automatically as you go, so you can stop at any time and come back later.',
  ],
  /** Research §2. */
  empty: 'Questionnaires will appear when you activate your kit.',
  givenNote: 'The questionnaires of a kit you gave away are answered by the person who received it.',
  projectsLabel: 'Research projects',
  names: {
    DAY_OF_SAMPLING: 'Day of sampling',
    MEDICAL_HISTORY: 'Medical history',
    MENTAL: 'Mental wellbeing',
    EXERCISE: 'Physical activity',
    FOOD: 'Food and drink',
  } satisfies Record<StudySurveyType, string>,
  kitId: 'Kit ID',
  status: 'Status',
  overallLabel: (kit: string) => `Questionnaire progress of ${kit}`,
  overallText: (percent: number, done: number, total: number) =>
    `${percent}% complete (${done} of ${total} questions answered)`,
  estimate: (estimate: string) => `About ${estimate}`,
  answered: (done: number, total: number) => `${done} of ${total} questions answered`,
  start: 'Start',
  continue: 'Continue',
  review: 'Review',
  noQuestionnaires: 'This kit has no questionnaires.',
  viewReport: 'View report',
  makeAppointment: 'Make appointment',
  activateKit: 'Activate a new kit',
  unsentTitle: 'Kits not sent yet',
  unsentText: 'Send a kit to yourself, or give it to someone, and its questionnaires appear here.',
  reportReceived: 'Report received',
  reportReceivedSaved: 'Saved: you have received your report.',

  saveAndClose: 'Save and close',
  /** The support view's way back: nothing there is saved. */
  close: 'Close',
  /** Issue 33: the server held another answer, saved in another window; the card now shows it. */
  updatedElsewhere: 'Updated in another window',
  saveAndNext: 'Save and next',
  saving: 'Saving…',
  saved: 'Saved',
  notSaved: 'Not saved',
  pageProgressLabel: 'Questionnaire progress',
  howTo: 'How to fill out this questionnaire',
  takes: (estimate: string) => `Takes about ${estimate}.`,
  requiredNote: 'Questions marked * need an answer.',
  /** Research §8, asking to contact the support address. */
  saveFailed: 'Failed to save answers',
  /** Research §8, asking to contact the support address. */
  loadFailed: 'Failed to get questionnaire answers',
  contactSupport: 'Please try again, or contact us at',
  unknownSurvey: 'There is no such questionnaire.',
  backToList: 'Back to Questionnaires',
} as const;
