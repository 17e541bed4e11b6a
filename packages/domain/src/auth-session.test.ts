import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { loginRequestSchema, loginResponseSchema, sessionResponseSchema } from './auth.ts';
import { loginRequestCheck, loginResponse, messageResponse, sessionResponse } from './auth-session.ts';
import { EMAIL_MAX_LENGTH } from './email.ts';
import { messageResponseSchema } from './error-schemas.ts';
import { PASSWORD_MAX_LENGTH } from './password.ts';

// zod's messages are English once a classic schema exists (the API, and every web page that loads zod);
// the sign-in check says the same.
classic.string();

/** What a reader makes of a value, or 'refused', so it can be compared with the schema's parse. */
const outcome = (parse: (data: unknown) => unknown, data: unknown) => {
  try {
    return parse(data);
  } catch {
    return 'refused';
  }
};

describe("the sign-in page's checks without zod", () => {
  it.each([
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: '  Robin@Example.COM ', password: ' secret ' },
    { email: 'not an email', password: 'x' },
    { email: `${'a'.repeat(EMAIL_MAX_LENGTH - 12)}@example.com`, password: 'x'.repeat(PASSWORD_MAX_LENGTH) },
    {
      email: `${'a'.repeat(EMAIL_MAX_LENGTH - 11)}@example.com`,
      password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1),
    },
    { email: ` ${'A'.repeat(EMAIL_MAX_LENGTH)} `, password: '' },
  ])('checks a sign-in as loginRequestSchema does: %j', (values) => {
    const zod = loginRequestSchema.safeParse(values);
    const own = loginRequestCheck.safeParse(values);
    expect(own.success).toBe(zod.success);
    if (own.success) expect(own.data).toEqual(zod.data);
    else expect(own.error.issues).toEqual(zod.error?.issues.map(({ path, message }) => ({ path, message })));
  });

  const session = { access_token: 'a.b.c', expires_in: 900, user_id: 'u1' };
  const answers: unknown[] = [
    session,
    { ...session, refresh_token: 'r' },
    { ...session, refresh_token: 'r', extra: true },
    { ...session, expires_in: 900.5 },
    { ...session, expires_in: '900' },
    { ...session, expires_in: Number.MAX_SAFE_INTEGER + 1 },
    { ...session, user_id: 1 },
    { access_token: 'a.b.c', expires_in: 900 },
    { ...session, refresh_token: null },
    { message: 'Sent.' },
    { message: 1 },
    [session],
    null,
    'text',
    undefined,
  ];

  it.each(answers)('reads %j as the zod schemas do', (answer) => {
    expect(outcome(sessionResponse.parse, answer)).toEqual(outcome(sessionResponseSchema.parse, answer));
    expect(outcome(loginResponse.parse, answer)).toEqual(outcome(loginResponseSchema.parse, answer));
    expect(outcome(messageResponse.parse, answer)).toEqual(outcome(messageResponseSchema.parse, answer));
  });

  it('imports no zod, nor any module of the package (they hold zod schemas)', () => {
    const source = readFileSync(new URL('./auth-session.ts', import.meta.url), 'utf8');
    const imports = source.match(/^import .*$/gm) ?? [];
    expect(imports.filter((line) => !line.startsWith('import type '))).toEqual([]);
  });
});
