import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  addressSuggestionSchema,
  consentFlowSchema,
  joinedProjectSchema,
  KIT_MESSAGES,
  messageResponseSchema,
  REPORT_MESSAGES,
  RESEARCH_MESSAGES,
  reportListItemSchema,
} from './index.ts';

/** The wire shapes the API answers with and the portal parses: one schema each (issue 22). */
describe('shared wire schemas', () => {
  const suggestion = {
    address_line_1: '10 Queen St',
    address_line_2: null,
    locality_name: 'BRISBANE CITY',
    state_territory: 'QLD',
    postcode: '4000',
    country: 'AU',
    gnaf_id: 'GAQLD1',
    external_identifier: 'EXT1',
    full_address: '10 Queen St, BRISBANE CITY QLD 4000',
  };
  const consent = {
    id: 31,
    title: 'Future Insight Program',
    htmlContent: '<p>May we use your data?</p>',
    agreeLabel: 'I agree',
    disagreeLabel: 'I do not agree',
    version: '1',
    response: null,
  };

  it.each([
    ['a full address suggestion', addressSuggestionSchema, suggestion, true],
    [
      'a suggestion without the fields the portal does not use',
      addressSuggestionSchema,
      { ...suggestion, address_line_2: undefined, country: undefined, gnaf_id: null },
      true,
    ],
    ['a suggestion without its street', addressSuggestionSchema, { ...suggestion, address_line_1: 1 }, false],
    ['a consent flow', consentFlowSchema, { id: 3, name: 'Data usage', consents: [consent] }, true],
    [
      'a consent flow with a numeric version',
      consentFlowSchema,
      { id: 3, name: 'Data usage', consents: [{ ...consent, version: 1 }] },
      false,
    ],
    ['a confirmation', messageResponseSchema, { message: 'Done.' }, true],
    ['a confirmation without its sentence', messageResponseSchema, {}, false],
    ['a joined project', joinedProjectSchema, { researchProjectName: 'Gut study', projectId: 7 }, true],
    [
      'a report list entry',
      reportListItemSchema,
      { kitId: 1, sampleIdentifier: 'MB1', name: 'KIT-1', displayDate: '2026-03-01', version: '1' },
      true,
    ],
  ])('%s parses: %s', (_name, schema, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
});

describe('messages said once', () => {
  it('gives the research portal the same texts as the kits and accounts', () => {
    expect(RESEARCH_MESSAGES.invalidVoucher).toBe(KIT_MESSAGES.invalidVoucher);
    expect(RESEARCH_MESSAGES.emailExists).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it.each([
    [REPORT_MESSAGES.noSample('MB1'), 'There is no sample MB1.'],
    [
      REPORT_MESSAGES.notAtLab('MB1', null),
      'Sample MB1 is not at the lab (its status is not set), so results cannot be imported.',
    ],
    [
      REPORT_MESSAGES.notAtLab('MB1', 'DISPATCHED_BY_LAB'),
      'Sample MB1 is not at the lab (its status is DISPATCHED_BY_LAB), so results cannot be imported.',
    ],
    [REPORT_MESSAGES.alreadyImported('MB1'), 'Sample MB1 already has results.'],
  ])('the results import says %s', (text, expected) => {
    expect(text).toBe(expected);
  });
});
