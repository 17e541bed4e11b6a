import { z } from 'zod';

/** The published versions of the terms and the privacy policy, each list starting with 'default'. */
export const legalVersionsSchema = z.object({ terms: z.array(z.string()), privacy: z.array(z.string()) });
