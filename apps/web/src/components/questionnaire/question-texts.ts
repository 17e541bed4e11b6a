/** Texts of one question on a questionnaire screen (the surveys pages and the requisition's stool questions). */
export const QUESTION_TEXTS = {
  required: '(required)',
  yes: 'Yes',
  no: 'No',
  units: { DURATION_IN_DAYS: 'days', DURATION_IN_MINUTES: 'minutes' } as Partial<Record<string, string>>,
} as const;
