import { describe, expect, it } from 'vitest';
import { sanitiseConsentHtml } from './consent-html.ts';

describe('sanitiseConsentHtml', () => {
  it('strips scripts, event handlers and javascript: links, keeping the text and its formatting', () => {
    const html = sanitiseConsentHtml(
      '<p>Read about the <b>study</b>.</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><p onclick="alert(1)">Tap</p>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img/i);
    expect(html).toContain('<p>Read about the <b>study</b>.</p>');
    expect(html).toContain('<p>Tap</p>');
  });

  it('drops styles, frames and forms that the allow-list does not have', () => {
    const html = sanitiseConsentHtml(
      '<style>p{display:none}</style><iframe src="https://evil.example"></iframe><form><input></form><p style="color:red">Hi</p>',
    );
    expect(html).toBe('<p>Hi</p>');
  });

  it('keeps https, mailto and tel links, opening them in a new tab without giving that tab our window', () => {
    expect(sanitiseConsentHtml('<a href="https://example.org/info" title="More">More</a>')).toBe(
      '<a href="https://example.org/info" title="More" rel="noopener noreferrer" target="_blank">More</a>',
    );
    expect(sanitiseConsentHtml('<a href="mailto:study@example.org">Mail</a>')).toContain(
      'href="mailto:study@example.org"',
    );
    expect(sanitiseConsentHtml('<a href="data:text/html,x">x</a>')).not.toContain('data:');
  });
});
