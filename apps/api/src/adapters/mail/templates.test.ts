import { BRAND_COLOURS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { kitGiftMail } from '../../features/kits/kit-mail.ts';
import { compose, parentConsentMail, resetPasswordMail, verifyEmailMail } from './templates.ts';

const ctx = { brand: 'Gut & Co', publicUrl: 'https://portal.example', supportEmail: 'help@example.com' };

describe('email layout', () => {
  it('opens with the brand header and closes with the footer, in brand.ts colours', () => {
    const mail = verifyEmailMail(ctx, 'ann@example.com', 'Ann', 'tok123');
    // Header: the mark (the portal's icon) and the brand name as text, escaped.
    expect(mail.html).toMatch(/<img\s[^>]*src="https:\/\/portal\.example\/icon-192\.png"/);
    expect(mail.html).toMatch(/>Gut &amp; Co</);
    // Footer: who sent it and how to reach support.
    expect(mail.html).toContain('href="mailto:help@example.com"');
    expect(mail.html.indexOf('icon-192.png')).toBeLessThan(mail.html.indexOf('Hi Ann,'));
    expect(mail.html.indexOf('mailto:help@example.com')).toBeGreaterThan(
      mail.html.indexOf('Verify my email'),
    );
    // The palette is brand.ts's: teal button, warm page, and no colour of its own.
    expect(mail.html).toContain(`background:${BRAND_COLOURS.primary};color:${BRAND_COLOURS.primaryText}`);
    expect(mail.html).toContain(`background-color:${BRAND_COLOURS.bg}`);
    const palette = new Set<string>(Object.values(BRAND_COLOURS));
    const colours = mail.html.match(/#[0-9a-f]{6}\b/gi) ?? [];
    expect(colours.length).toBeGreaterThan(3);
    expect(colours.filter((colour) => !palette.has(colour.toLowerCase()))).toEqual([]);
    // Every slot of the compiled layout is filled.
    expect(mail.html).not.toMatch(/SLOT[A-Z]+SLOT/);
  });

  it('has a hidden preheader (the first sentence after the greeting, or the one given) and one action', () => {
    const mail = verifyEmailMail(ctx, 'ann@example.com', 'Ann', 'tok123');
    const preheader = /<div style="display:none;[^"]*">([^<]*)<\/div>/.exec(mail.html)?.[1];
    expect(preheader).toBe(
      'Thank you for creating your Gut &amp; Co account. Please confirm your email address to finish setting it up.',
    );
    expect(mail.html.indexOf(preheader ?? '')).toBeLessThan(mail.html.indexOf('Hi Ann,'));
    // One button: one link styled as one, to the one action.
    expect(mail.html.match(/<a\s[^>]*display:inline-block[^>]*>/g)).toHaveLength(1);
    const given = compose(ctx, 'x@example.com', 'S', ['Hi X,', 'Body.'], undefined, undefined, 'Read <me>');
    expect(given.html).toContain('>Read &lt;me&gt;</div>');
    expect(given.html).not.toMatch(/<a\s[^>]*display:inline-block/);
  });

  it('keeps every sentence of the email, in the HTML and in the plain text', () => {
    const mail = resetPasswordMail(ctx, 'ann@example.com', 'Ann', 'tok456');
    const sentences = [
      'Hi Ann,',
      'We received a request to reset your password. If it was you, choose a new password with the link below.',
      'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
    ];
    for (const sentence of sentences) {
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence);
    }
    expect(mail.text).toContain('Reset my password: https://portal.example/reset-password?tok456');
    expect(
      mail.text.endsWith('— Gut & Co\nQuestions? Write to help@example.com · https://portal.example'),
    ).toBe(true);
    expect(mail.links).toEqual(['https://portal.example/reset-password?tok456']);
  });

  it('escapes what it is given and works without an action', () => {
    const mail = compose(ctx, 'x@example.com', 'Hello <there>', ['<b>not bold</b>']);
    expect(mail.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(mail.html).toContain('<title>Hello &lt;there&gt;</title>');
    expect(mail.links).toEqual([]);
    expect(parentConsentMail(ctx, 'p@example.com', 'Sam').html).toContain('Sam&#39;s');
  });
});

describe('names a person typed, in mail to others (issue 32)', () => {
  const evil = 'Bob http://evil.ex\nClick';
  it.each([
    ['verification', verifyEmailMail(ctx, 'v@example.com', evil, 'tok')],
    ['reset', resetPasswordMail(ctx, 'r@example.com', evil, 'tok')],
    ['gift', kitGiftMail(ctx, 'g@example.com', `${evil} www.evil.com`, 'ABCD-EFGH')],
    ['parental consent', parentConsentMail(ctx, 'p@example.com', `${evil} evil.com`)],
  ])('keep no link or line break of the name in the %s mail', (_kind, mail) => {
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/evil/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Bob Click');
  });
});
