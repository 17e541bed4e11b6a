/**
 * What other features may use of research/ (the rest is its own; architecture.test.ts): research projects,
 * participant codes and the support view's token, as staff use them.
 */
export { SUPPORT_VIEW_TTL_SECONDS } from './impersonation.ts';
export { issueParticipantCode } from './participant-codes.ts';
export { createProject, SURVEY_FLAGS } from './research.service.ts';
