export type LegalKind = 'terms' | 'privacy';

export { useLegalVersions } from '../../lib/legal-api.ts';

/** The PDF of one version, served publicly by the API. */
export const legalPdfUrl = (kind: LegalKind, version: string) =>
  `/api/legal/${kind}.pdf?v=${encodeURIComponent(version)}`;
