import { dashboardSchema, kitSchema, publicConfigSchema } from '@portal/domain';
import Fastify, { type FastifySerializerCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { isPlain, responseSerializerCompiler } from './response-serializer.ts';

const serializerOf = (schema: $ZodType, check = false) =>
  (responseSerializerCompiler({ check }) as FastifySerializerCompiler<$ZodType>)({
    schema,
    method: 'GET',
    url: '/test',
    httpStatus: '200',
  }) as (data: unknown) => string;

const person = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  note: z.string().optional(),
  tags: z.array(z.object({ label: z.string(), on: z.boolean() })),
  extra: z.record(z.string(), z.number()),
});

describe('compiled response serializers', () => {
  it.each([
    ['the kits list', z.array(kitSchema)],
    ['the dashboard', dashboardSchema],
    ['the public settings', publicConfigSchema],
  ])('compiles %s (the hot routes must not fall back to zod)', (_, schema) => {
    expect(isPlain(schema as never)).toBe(true);
  });

  it.each([
    ['a transform', z.string().transform((s) => s.length)],
    ['a default', z.object({ a: z.string().default('x') })],
    ['a date', z.object({ at: z.date() })],
    ['a pipe', z.string().pipe(z.string())],
    ['a union', z.union([z.string(), z.number()])],
    ['a record with non-string keys', z.record(z.enum(['a', 'b']), z.string())],
  ])('keeps zod for %s, which JSON Schema cannot carry exactly', (_, schema) => {
    expect(isPlain(schema as never)).toBe(false);
  });

  it('writes the same JSON value as zod', () => {
    const data = {
      id: 7,
      name: null,
      tags: [{ label: 'a "quoted" \u2028 line', on: true }],
      extra: { x: 1.5 },
    };
    expect(JSON.parse(serializerOf(person)(data))).toEqual(data);
    expect(JSON.parse(serializerOf(person, true)(data))).toEqual(data);
  });

  it('never writes a property the schema does not declare', () => {
    const written = JSON.parse(
      serializerOf(person)({
        id: 1,
        name: 'A',
        tags: [{ label: 'x', on: false, secret: 's' }],
        extra: {},
        passwordHash: 'h',
      }),
    );
    expect(written).toEqual({ id: 1, name: 'A', tags: [{ label: 'x', on: false }], extra: {} });
  });

  it('refuses a response without a required property', () => {
    expect(() => serializerOf(person)({ name: 'A', tags: [], extra: {} })).toThrow(/id/);
  });

  it('encodes through zod where it keeps zod', () => {
    const count = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    expect(serializerOf(z.object({ n: count }))({ n: 12 })).toBe('{"n":"12"}');
  });

  it('in check mode, refuses a response zod refuses (the compiled one alone would coerce it)', () => {
    const schema = z.object({ status: z.enum(['OPEN', 'CLOSED']), count: z.number() });
    const bad = { status: 'LOST', count: 1 };
    expect(serializerOf(schema)(bad)).toBe('{"status":"LOST","count":1}');
    expect(() => serializerOf(schema, true)(bad)).toThrow();
  });

  it.each([
    ['compiled', person],
    ['kept on zod', z.object({ id: z.number(), at: z.date() })],
  ])('never sends a field a handler adds by mistake, through a route (%s)', async (_, schema) => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(responseSerializerCompiler({ check: true }));
    const row = { id: 1, name: 'A', tags: [], extra: {}, at: new Date(0), passwordHash: 'h' };
    app.get('/me', { schema: { response: { 200: schema } } }, async () => row as never);
    const answer = await app.inject({ method: 'GET', url: '/me' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).not.toHaveProperty('passwordHash');
    expect(answer.json()).toHaveProperty('id', 1);
    await app.close();
  });
});
