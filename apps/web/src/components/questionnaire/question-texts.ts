/** Texts of one question on a questionnaire screen (the surveys pages and the requisition's stool questions). */
export const QUESTION_TEXTS = {
  required: '(required)',
  dateFormat: 'DD/MM/YYYY',
  /** A date question's answer the browser cannot read, in the format the field asks for. */
  invalidDate: 'Please enter a valid date as DD/MM/YYYY.',
  yes: 'Yes',
  no: 'No',
  units: { DURATION_IN_DAYS: 'days', DURATION_IN_MINUTES: 'minutes' } as Partial<Record<string, string>>,
} as const;
