import { describe, expect, it } from 'vitest';
import { consentPdfUrl, consentPlainText } from './consent-html.ts';

describe('consentPlainText', () => {
  it('reads the text of a formatted title, for places that take no markup', () => {
    expect(consentPlainText(' Consent to the <b>Soup</b> study ')).toBe('Consent to the Soup study');
  });
});

describe('consentPdfUrl', () => {
  it.each([
    ['https://example.org/consent.pdf', 'https://example.org/consent.pdf'],
    ['http://localhost:4101/api/legal/terms.pdf', 'http://localhost:4101/api/legal/terms.pdf'],
    ['javascript:alert(1)', null],
    ['data:application/pdf;base64,AAAA', null],
    [null, null],
  ])('%s gives %s', (url, expected) => {
    expect(consentPdfUrl(url)).toBe(expected);
  });
});
