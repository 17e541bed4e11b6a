import { describe, expect, it } from 'vitest';
import { formatConsoleTime } from './format.ts';

describe('formatConsoleTime', () => {
  it('shows every console time in the portal’s zone with its name, whatever the computer’s zone', () => {
    expect(formatConsoleTime('2026-02-28T14:05:00.000Z')).toBe('1 Mar 2026, 12:05 am AEST');
    expect(formatConsoleTime('2026-07-01T02:30:00.000Z')).toBe('1 July 2026, 12:30 pm AEST');
    expect(formatConsoleTime('soon')).toBe('soon');
  });
});
