import { z } from 'zod';

/**
 * A list read a page at a time by keyset: the page's rows under their own name, and `next`, the cursor
 * that asks for the page after it (`?after=`), null on the last page.
 */
export function keysetPageSchema<Key extends string, Row extends z.ZodType>(key: Key, row: Row) {
  const shape = { [key]: z.array(row), next: z.string().nullable() };
  return z.object(shape as { [K in Key]: z.ZodArray<Row> } & { next: z.ZodNullable<z.ZodString> });
}
