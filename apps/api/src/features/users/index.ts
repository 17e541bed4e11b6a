/**
 * What other features may use of users/ (the rest is its own; architecture.test.ts): a user as the API
 * answers it.
 */
export { toUser } from './users.service.ts';
