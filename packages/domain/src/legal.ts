import { z } from 'zod';

/** The published versions of the terms and the privacy policy, each list starting with 'default'. */
export const legalVersionsSchema = z.object({
  terms: z.array(z.string()),
  privacy: z.array(z.string()),
  /** The versions in force (issue 36): what the sign-up page names, and what signing up agrees to. */
  current: z.object({ terms: z.string().nullable(), privacy: z.string().nullable() }).optional(),
});
