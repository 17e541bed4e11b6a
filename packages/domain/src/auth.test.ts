import { describe, expect, it } from 'vitest';
import { isParsableToken, resetPasswordSchema } from './auth.ts';
import { AUTH_MESSAGES } from './auth-session.ts';

const TOKEN = 'q1w2E3r4T5y6U7i8O9p0_-AsDfGhJkLzXcVbNm12345';

describe('emailed link tokens', () => {
  it('has the §8 texts for a missing or unparsable token word for word', () => {
    expect(AUTH_MESSAGES.resetMissingToken).toBe('Could not parse token');
    expect(AUTH_MESSAGES.verifyMissingToken).toBe('Could not verify token');
  });

  it.each([
    [TOKEN, true],
    ['abc', false],
    ['not a token', false],
    ['<script>alert(1)</script>xxxxxxxx', false],
    ['x'.repeat(201), false],
  ])('parses %j: %s', (token, ok) => expect(isParsableToken(token)).toBe(ok));

  it("refuses an unparsable reset token with 'Could not parse token'", () => {
    const result = resetPasswordSchema.safeParse({ token: 'not a token', password: 'Sampling!2024' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Could not parse token');
    expect(resetPasswordSchema.safeParse({ token: TOKEN, password: 'Sampling!2024' }).success).toBe(true);
  });
});
