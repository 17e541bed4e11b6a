import { ProfileError, RANK_SUM_TOLERANCE } from './profile-error.ts';

/* Line and cell reading shared by the profile and table parsers. */

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** Parses a number the way a lab table writes it; anything else (`NA`, `1,5`, empty) is refused. */
export function parsePercent(cell: string, what: string, line: number): number {
  const value = NUMBER.test(cell.trim()) ? Number(cell) : Number.NaN;
  if (!Number.isFinite(value)) {
    throw new ProfileError(`${what} "${cell}" is not a number.`, line);
  }
  if (value < 0) throw new ProfileError(`${what} ${cell} is negative; abundances cannot be below 0.`, line);
  if (value > 100 + RANK_SUM_TOLERANCE) {
    throw new ProfileError(`${what} ${cell} is above 100; abundances are percentages.`, line);
  }
  return value;
}

export function splitColumns(line: string): string[] {
  return line.includes('\t') ? line.split('\t') : line.trim().split(/\s+/);
}
