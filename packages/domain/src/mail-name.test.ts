import { describe, expect, it } from 'vitest';
import { mailGreeting, mailName } from './mail-name.ts';

describe('names in email greetings', () => {
  it.each([
    ['Bob http://evil.example\nClick', 'Bob Click'],
    ['Bob\r\nhttps://evil.example/x?y=1 here', 'Bob here'],
    ['www.evil.com', 'there'],
    ['Visit www.evil.com now', 'Visit now'],
    ['evil.com', 'there'],
    ['Ann evil.co.uk/path', 'Ann'],
    ['Mail me@evil.example', 'Mail'],
    ['Eve\u2028Line\u2029Two\u0085', 'Eve Line Two'],
    ['   ', 'there'],
  ])('%j becomes %j', (name, expected) => {
    expect(mailName(name)).toBe(expected);
  });

  it('keeps ordinary names, accents, initials and hyphens as they are', () => {
    for (const name of ['Ada', 'José-María', 'J.R.', "O'Brien", 'Zoë St. Clair', 'Nguyễn Văn A', 'Mary Ann'])
      expect(mailName(name)).toBe(name);
  });

  it('cuts a long name to 40 characters and greets without a name when none is left', () => {
    expect(mailName('A'.repeat(100))).toHaveLength(40);
    expect(mailGreeting('http://x.example')).toBe('Hi there,');
    expect(mailGreeting('Bob\nClick http://evil.example')).toBe('Hi Bob Click,');
  });
});
