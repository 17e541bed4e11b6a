import { describe, expect, it } from 'vitest';
import { consentPdfUrl, sanitiseConsentHtml } from './consent-html.ts';

describe('sanitiseConsentHtml', () => {
  it('strips scripts, event handlers and javascript: links, keeping the text and its formatting', () => {
    const html = sanitiseConsentHtml(
      '<p>Read about the <b>study</b>.</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><p onclick="alert(1)">Tap</p>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img/i);
    expect(html).toContain('<p>Read about the <b>study</b>.</p>');
    expect(html).toContain('<p>Tap</p>');
  });

  it('drops styles, frames and forms that the server allow-list does not have', () => {
    const html = sanitiseConsentHtml(
      '<style>p{display:none}</style><iframe src="https://evil.example"></iframe><form><input></form><p style="color:red">Hi</p>',
    );
    expect(html).toBe('<p>Hi</p>');
  });

  it('opens links in a new tab without giving that tab our window', () => {
    const html = sanitiseConsentHtml('<a href="https://example.org/info">More</a>');
    expect(html).toBe(
      '<a href="https://example.org/info" target="_blank" rel="noopener noreferrer">More</a>',
    );
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
