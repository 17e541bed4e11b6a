/**
 * What other features may use of requisition/ (the rest is its own; architecture.test.ts): the multi-site
 * study's sites, kits and forms, as the staff console makes them.
 */
export { getKitInfo } from './requisition.service.ts';
export { createSite, createStudyKits, formLink } from './study-admin.service.ts';
