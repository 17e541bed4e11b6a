import type { LegalKind } from './api.ts';

/** Headings and labels of the terms and privacy viewer (research §2); the documents are the API's PDFs. */
export const LEGAL_TEXTS = {
  title: { terms: 'Terms of use', privacy: 'Privacy policy' } satisfies Record<LegalKind, string>,
  version: 'Version',
  current: 'Current version',
  download: 'Download the PDF',
  frameTitle: (title: string, version: string) => `${title}, ${version}`,
  unknownVersion: (title: string, version: string) =>
    `There is no version ${version} of the ${title.toLowerCase()}. Choose one of the published versions.`,
  showCurrent: 'Show the current version',
} as const;

/** What the spec calls some versions (research §2 terms versions). */
const VERSION_NOTES: Record<string, string> = {
  'v4.0': 'v4.0 (general)',
  'pv1.0': 'pv1.0 (practitioner program)',
};

export const versionLabel = (kind: LegalKind, version: string) =>
  version === 'default' ? LEGAL_TEXTS.current : (kind === 'terms' && VERSION_NOTES[version]) || version;
