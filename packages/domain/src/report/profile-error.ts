/** A profile or table the lab cannot use as it is; the message says what to fix and where. */
export class ProfileError extends Error {
  override name = 'ProfileError';
  readonly line: number | null;

  constructor(message: string, line: number | null = null) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.line = line;
  }
}

/** How far (percentage points) a rank's total plus UNKNOWN may stray from 100. */
export const RANK_SUM_TOLERANCE = 1.5;
