import { z } from 'zod/mini';

/** The one error shape every API failure uses. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The answer of a route whose only result is a sentence for the person (a confirmation). */
export const messageResponseSchema = z.object({ message: z.string() });
