import { describe, expect, it } from 'vitest';
import { describeReceipt, nextPosition } from './receive-page.tsx';

describe('the receive page', () => {
  it('moves the position on row by row through a 10 × 10 box, and stops after J10', () => {
    expect(nextPosition('A1')).toBe('A2');
    expect(nextPosition('a9')).toBe('A10');
    expect(nextPosition('A10')).toBe('B1');
    expect(nextPosition('J10')).toBeNull();
    expect(nextPosition('K1')).toBeNull();
  });

  it('says what was recorded, and that a quarantined sample waits for a decision', () => {
    const kit = {
      id: 7,
      label: 'KIT-7',
      sampleIdentifier: 'MB7',
      voucherCode: 'V',
      kitStatus: 'RECEIVED_BY_LAB',
      sampleStatus: 'RECEIVED_BY_LAB',
      project: { id: 1, name: 'P' },
      owner: null,
      updatedAt: '2026-11-29T00:00:00Z',
      receipt: {
        condition: 'LEAKED' as const,
        collectionDate: '2026-11-28',
        collectionDateSource: 'ENTERED' as const,
        transitDays: 1,
        freezer: 'F1',
        box: 'B2',
        position: 'C3',
        receivedAt: '2026-11-29T00:00:00Z',
        receivedBy: 'Lou Lab',
        quarantine: 'OPEN' as const,
        quarantineReason: 'LEAKED',
        decisionNote: null,
        decidedAt: null,
        decidedBy: null,
      },
    };
    expect(describeReceipt(kit)).toBe(
      'KIT-7: sample MB7 received, leaked, 1 day in transit, stored at Freezer F1, box B2, position C3. In quarantine: release it or fail it below.',
    );
  });
});
