import { describe, expect, it } from 'vitest';
import {
  decodeParticipantCode,
  deliversResults,
  encodeParticipantCode,
  ISSUED_CODE_NUMBERS,
  PARTICIPANT_CODE_ALPHABET,
  PARTICIPANT_CODE_LENGTH,
  REPORT_SAMPLE_STATUSES,
  reportDelivered,
  resultsWithheld,
} from './index.ts';

describe('participant codes', () => {
  it.each([1, 2, 42, 999, 123_456])('round-trips project %i through a 6-character code', (id) => {
    const code = encodeParticipantCode(id);
    expect(code).toHaveLength(PARTICIPANT_CODE_LENGTH);
    expect([...code].every((c) => PARTICIPANT_CODE_ALPHABET.includes(c))).toBe(true);
    expect(decodeParticipantCode(code)).toBe(id);
    expect(decodeParticipantCode(` ${code.toLowerCase()} `)).toBe(id);
  });

  it.each([
    ['', 'empty'],
    ['ABC', 'too short'],
    ['K7QW2ZX', 'too long'],
    ['K7QW2!', 'outside the alphabet'],
    ['K7QW2O', 'a letter not in the alphabet'],
  ])('refuses %s (%s)', (code) => {
    expect(decodeParticipantCode(code)).toBeNull();
  });

  it('refuses codes that decode but are not the canonical spelling', () => {
    const canonical = encodeParticipantCode(7);
    const others = Array.from({ length: 200 }, (_, i) => {
      const chars = [...canonical];
      chars[i % 6] = PARTICIPANT_CODE_ALPHABET[(i * 7) % PARTICIPANT_CODE_ALPHABET.length] as string;
      return chars.join('');
    }).filter((c) => c !== canonical);
    for (const code of others) {
      const id = decodeParticipantCode(code);
      if (id !== null) expect(encodeParticipantCode(id)).toBe(code);
    }
  });

  it('shows Results Available unless the project delivers none', () => {
    expect(deliversResults({ resultDeliveryType: 'PORTAL' })).toBe(true);
    expect(deliversResults({ resultDeliveryType: 'NO_DELIVERY' })).toBe(false);
    expect(deliversResults({ resultDeliveryType: null })).toBe(false);
    expect(deliversResults({ resultDeliveryType: '' })).toBe(false);
  });

  it.each([
    ['RESULTS_AVAILABLE', 'PORTAL', true],
    ['MICROBIOME_COACH_SESSION_COMPLETED', 'PORTAL', true],
    ['RECEIVED_BY_LAB', 'PORTAL', false],
    ['RESULTS_AVAILABLE', 'NO_DELIVERY', false],
    ['MICROBIOME_COACH_SESSION_COMPLETED', 'NO_DELIVERY', false],
    ['RESULTS_AVAILABLE', null, false],
  ])('delivers the report of a kit with sample %s in a %s project: %s', (sampleStatus, type, expected) => {
    const kit = { kitStatus: 'RESULTS_AVAILABLE', sampleStatus, project: { resultDeliveryType: type } };
    expect(reportDelivered(kit)).toBe(expected);
  });

  it.each([
    ['RESULTS_AVAILABLE', 'NO_DELIVERY', true],
    ['MICROBIOME_COACH_SESSION_COMPLETED', 'NO_DELIVERY', true],
    ['RESULTS_AVAILABLE', null, true],
    ['RESULTS_AVAILABLE', 'PORTAL', false],
    ['RECEIVED_BY_LAB', 'NO_DELIVERY', false],
    ['PROCESSING', null, false],
  ])('a kit in status %s of a %s project has its results withheld: %s', (kitStatus, type, expected) => {
    expect(resultsWithheld({ kitStatus, project: { resultDeliveryType: type } })).toBe(expected);
  });

  it('has a report at exactly the report statuses', () => {
    expect([...REPORT_SAMPLE_STATUSES]).toEqual(['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED']);
  });
});

describe('issued participant codes (decision 021)', () => {
  it.each([ISSUED_CODE_NUMBERS.min, ISSUED_CODE_NUMBERS.max])(
    'number %i is a 6-character code the local check accepts, above any project number',
    (n) => {
      const code = encodeParticipantCode(n);
      expect(code).toHaveLength(PARTICIPANT_CODE_LENGTH);
      expect(decodeParticipantCode(code)).toBe(n);
    },
  );

  it('has no room above the range: the next number needs a 7th character', () => {
    expect(encodeParticipantCode(ISSUED_CODE_NUMBERS.max + 1)).toHaveLength(7);
  });
});
