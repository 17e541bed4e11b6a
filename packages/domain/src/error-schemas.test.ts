import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './error-schemas.ts';
import { readApiError } from './errors.ts';

describe('a failure read without zod', () => {
  it.each([
    { message: 'No.', code: 'FORBIDDEN' },
    { message: 'No.', code: 'VALIDATION_FAILED', fields: { email: 'Please enter your email.' } },
    { message: 'No.', code: 'VALIDATION_FAILED', fields: {}, extra: 1 },
    { message: 'No.', code: 'VALIDATION_FAILED', fields: { email: 1 } },
    { message: 'No.', code: 'VALIDATION_FAILED', fields: ['email'] },
    { message: 'No.', code: 'VALIDATION_FAILED', fields: null },
    { message: 'No.', code: 'VALIDATION_FAILED', fields: new Date(0) },
    { message: 'No.' },
    { code: 'FORBIDDEN' },
    { message: 1, code: 'FORBIDDEN' },
    [],
    null,
    'Bad Gateway',
  ])('reads %j as apiErrorSchema does', (body) => {
    const parsed = apiErrorSchema.safeParse(body);
    expect(readApiError(body)).toEqual(parsed.success ? parsed.data : null);
  });

  it('keeps errors.ts free of zod (the web app reads it on every first load)', () => {
    const source = readFileSync(new URL('./errors.ts', import.meta.url), 'utf8');
    const imports = source.match(/^import .*$/gm) ?? [];
    expect(imports.filter((line) => !line.startsWith('import type '))).toEqual([]);
  });
});
