/**
 * What other features may use of reports/ (the rest is its own; architecture.test.ts): storing a lab's
 * results, and a person's reports, downloads and journey for their data export.
 */
export { profileDownload, taxaCsvDownload } from './downloads.service.ts';
export { forgetJourneys, getJourney } from './journey.service.ts';
export { explainedReport } from './report-explanations.ts';
export {
  importResults,
  listReports,
  metaOf,
  profileDigest,
  reportOfProfile,
  storeResults,
} from './reports.service.ts';
