import { describe, expect, it } from 'vitest';
import { questionText, toSentenceCase } from './question-text.ts';

describe('toSentenceCase', () => {
  it.each([
    ['WHAT IS YOUR HEIGHT IN CENTIMETRES?', 'What is your height in centimetres?'],
    ['Which Type Of IBS Were You Told You Have?', 'Which type of IBS were you told you have?'],
    ['have I had a Colonoscopy?', 'Have I had a colonoscopy?'],
    ['  do you take Vitamins?', '  Do you take vitamins?'],
    ['Already in sentence case.', 'Already in sentence case.'],
  ])('%j becomes %j', (text, expected) => expect(toSentenceCase(text)).toBe(expected));
});

describe('questionText', () => {
  it('changes only medical-history questions', () => {
    expect(questionText('MEDICAL_HISTORY', { question: 'Do You Smoke?' })).toBe('Do you smoke?');
    expect(questionText('FOOD', { question: 'Do You Smoke?' })).toBe('Do You Smoke?');
  });
});
