import type { MarkerVersion } from './profile.ts';

/**
 * A report's version is the MetaPhlAn generation of its marker database: species names and
 * abundances of different generations are not on the same footing, so their reports are not compared.
 */
export type ReportVersion = 'v2' | 'v3' | 'v4' | 'unknown';

/** Support code shown in the spec's "report versions incompatible" dialog. */
export const INCOMPATIBLE_REPORTS_CODE = 'V12V2';

export type Comparability =
  | { comparable: true }
  | { comparable: false; code: typeof INCOMPATIBLE_REPORTS_CODE };

export function reportVersionOf(markerVersion: MarkerVersion | null): ReportVersion {
  return markerVersion === null ? 'unknown' : `v${markerVersion}`;
}

type Versioned = ReportVersion | { version: ReportVersion };

/** Same known version → comparable; otherwise (including an unknown database) the V12V2 dialog. */
export function reportsComparable(a: Versioned, b: Versioned): Comparability {
  const va = typeof a === 'string' ? a : a.version;
  const vb = typeof b === 'string' ? b : b.version;
  return va === vb && va !== 'unknown'
    ? { comparable: true }
    : { comparable: false, code: INCOMPATIBLE_REPORTS_CODE };
}
