import { emailSchema, GENDERS, NAME_MAX_LENGTH, newPasswordSchema, USER_TYPES } from '@portal/domain';
import { z } from 'zod';

export const adminCreateUserSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  lastName: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  dob: z.iso.date('dob must be a date as YYYY-MM-DD').optional(),
  gender: z.enum(GENDERS).optional(),
  underAge: z.boolean().default(false),
  guardian: z.boolean().default(false),
  parentConsented: z.boolean().nullable().optional(),
  type: z.enum(USER_TYPES).default('CONSUMER'),
  authorities: z
    .array(z.string().regex(/^[A-Z_]{2,40}$/))
    .max(20)
    .default([]),
  unverified: z.boolean().default(false),
});
export type AdminCreateUser = z.infer<typeof adminCreateUserSchema>;

export const mailItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  /** List-Unsubscribe and List-Unsubscribe-Post on non-transactional mail; empty on transactional mail. */
  headers: z.record(z.string(), z.string()),
  /** The email category (KIT_PROGRESS, …), or null for transactional mail. */
  category: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});
