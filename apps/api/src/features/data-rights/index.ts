/**
 * What other features may use of data-rights/ (the rest is its own; architecture.test.ts): a person's data
 * export and account closure, as support starts them for a request by phone.
 */
export { closeForPerson } from './closure.service.ts';
export { requestExport } from './exports.service.ts';
