import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { layerOff } from '../config.ts';

/**
 * Response serialization: each route's zod response schema is turned once into JSON Schema and compiled
 * by fast-json-stringify (the serializer Fastify itself uses), instead of encoding every response with
 * zod and then `JSON.stringify`-ing the copy. Same output, written in one pass: the generated function
 * emits only the properties the schema declares (so a field a handler adds by mistake is still never
 * sent) and throws on a missing required one.
 *
 * Schemas that JSON Schema cannot carry faithfully (transforms, pipes, defaults, dates and the like, where
 * zod's encode changes the value) keep zod's serializer.
 *
 * With `check` on (the test suites), every response is serialized both ways and must read back as the
 * same JSON value (the compiled one writes required properties before optional ones; JSON objects are
 * unordered), and zod's encode still refuses a response that does not match its schema: the whole API
 * test suite proves the compiled serializers equivalent to zod's on every response it sees.
 */
type Def = { type: string; [key: string]: unknown };
type Node = { _zod: { def: Def } };

/**
 * Zod kinds whose JSON Schema is exactly what zod's encode writes. Not unions: fast-json-stringify would
 * pick a branch by validating each value at run time, slower than zod.
 */
const PLAIN = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'enum',
  'literal',
  'object',
  'array',
  'optional',
  'nullable',
  'record',
  'tuple',
  'readonly',
  'any',
  'unknown',
]);

/** True when every node of the schema is one JSON Schema describes without loss. */
export function isPlain(schema: Node, seen = new Set<Node>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def;
  if (!PLAIN.has(def.type)) return false;
  if (def.type === 'record' && (def.keyType as Node)._zod.def.type !== 'string') return false;
  const children: Node[] = [];
  if (def.type === 'object') {
    children.push(...Object.values(def.shape as Record<string, Node>));
    if (def.catchall) children.push(def.catchall as Node);
  }
  if (def.type === 'array') children.push(def.element as Node);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly')
    children.push(def.innerType as Node);
  if (def.type === 'record') children.push(def.valueType as Node);
  if (def.type === 'tuple') {
    children.push(...(def.items as Node[]));
    if (def.rest) children.push(def.rest as Node);
  }
  return children.every((child) => isPlain(child, seen));
}

type Serialize = (data: unknown) => string;

function compiled(schema: $ZodType): Serialize | null {
  if (!isPlain(schema as unknown as Node)) return null;
  // OpenAPI 3.0's dialect writes `nullable: true`, which fast-json-stringify reads directly; draft 7's
  // `anyOf [X, null]` would make it validate each value at run time to pick a branch.
  const jsonSchema = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serialize;
}

export function responseSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<$ZodType> {
  return (route) => {
    const viaZod = (zodSerializerCompiler as FastifySchemaCompiler<$ZodType>)(route) as Serialize;
    // The bench's B of this layer (config.ts, SPEED_LAYERS): zod's serializer for every route.
    const fast = layerOff('serializer') ? null : compiled(route.schema);
    if (!fast) return viaZod;
    if (!check) return fast;
    return (data) => {
      const expected = viaZod(data);
      const actual = fast(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected)))
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${actual} where zod wrote ${expected}`,
        );
      return actual;
    };
  };
}
