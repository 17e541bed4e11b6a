import type { StaffRole } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { bearer, ops, PASSWORD, signIn, uniqueEmail } from './helpers.ts';

/**
 * A TOTP code of `secret` for the time step `stepsAhead` steps from now. The server accepts one step
 * either side and each step once, so a test that needs a second code in the same half-minute asks for
 * the next step's (stepsAhead 1) instead of waiting.
 */
export const totpCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** An invitation through the staff API with the operator key (ops staff:create). */
export async function inviteStaff(app: FastifyInstance, roles: StaffRole[], email = uniqueEmail('staff')) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/members',
    headers: ops,
    payload: { email, firstName: 'Sam', lastName: roles.join(' '), roles },
  });
  if (res.statusCode !== 201) throw new Error(`staff invite failed: ${res.body}`);
  const { id, invitationLink } = res.json() as { id: string; invitationLink: string };
  return { id, email, token: new URL(invitationLink).searchParams.get('token') ?? '' };
}

/** A staff member who accepted the invitation and signed in, before setting up the second factor. */
export async function staffBeforeSecondFactor(app: FastifyInstance, roles: StaffRole[]) {
  const invited = await inviteStaff(app, roles);
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/staff/invitations/accept',
    payload: { token: invited.token, password: PASSWORD },
  });
  if (accepted.statusCode !== 200) throw new Error(`invitation accept failed: ${accepted.body}`);
  return { ...invited, ...(await signIn(app, invited.email)) };
}

/**
 * A staff member with these roles, signed in past the second factor: the console is open to them.
 * `secret` makes further codes (totpCode(secret, 1) for another sign-in within the same half-minute).
 */
export async function signedInStaff(app: FastifyInstance, roles: StaffRole[]) {
  const staff = await staffBeforeSecondFactor(app, roles);
  const setup = await app.inject({
    method: 'POST',
    url: '/api/staff/second-factor/totp',
    headers: bearer(staff.accessToken),
  });
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/staff/second-factor/totp/confirm',
    headers: bearer(staff.accessToken),
    payload: { code: await totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm failed: ${confirmed.body}`);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { ...staff, secret, recoveryCodes };
}
