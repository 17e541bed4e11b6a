import { ACCOUNT_MESSAGES } from '@portal/domain';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../auth/index.ts';
import type { AdminCreateUser } from './admin.schemas.ts';

/** An operator creates an account directly (verified unless asked otherwise). */
export async function createUserAsOperator(ctx: AppContext, input: AdminCreateUser) {
  const passwordHash = await hashPassword(input.password);
  const [row] = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dob ?? null,
      gender: input.gender ?? null,
      underAge: input.underAge,
      guardian: input.guardian,
      parentConsented:
        input.parentConsented !== undefined ? input.parentConsented : input.underAge ? false : null,
      userType: input.type,
      authorities: input.authorities,
      emailVerifiedAt: input.unverified ? null : new Date(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) throw conflict(ACCOUNT_MESSAGES.emailTaken);
  return row;
}
