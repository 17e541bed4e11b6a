import { ACCOUNT_MESSAGES, type User } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The public view of a user row: everything but secrets and bookkeeping. */
export function toUser(row: UserRow): User {
  const { passwordHash: _hash, emailVerifiedAt: _verified, createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, gender: rest.gender as User['gender'], userType: rest.userType as User['userType'] };
}

export async function getUser(db: DbOrTx, userId: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound(ACCOUNT_MESSAGES.notFound);
  return toUser(row);
}
