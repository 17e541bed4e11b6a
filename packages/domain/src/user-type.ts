/**
 * Which portal an account belongs to. Its own module: the signed-in user's schema, on every first load,
 * needs it without the registration rules.
 */
export const USER_TYPES = ['CONSUMER', 'RESEARCH'] as const;
export type UserType = (typeof USER_TYPES)[number];
