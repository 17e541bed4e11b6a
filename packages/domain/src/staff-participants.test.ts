import { describe, expect, it } from 'vitest';
import { funnelStages, participantStatus } from './staff-participants.ts';

describe('funnelStages', () => {
  it('gives each stage its count and its conversion from the stage before and from those invited', () => {
    expect(funnelStages({ INVITED: 8, CONSENTED: 5, KIT: 3, RESULT: 1 })).toEqual([
      { stage: 'INVITED', count: 8, fromPrevious: null, fromInvited: 100 },
      { stage: 'CONSENTED', count: 5, fromPrevious: 62.5, fromInvited: 62.5 },
      { stage: 'KIT', count: 3, fromPrevious: 60, fromInvited: 37.5 },
      { stage: 'RESULT', count: 1, fromPrevious: 33.3, fromInvited: 12.5 },
    ]);
  });

  it('has no conversion from a stage of nobody', () => {
    expect(funnelStages({ INVITED: 0, CONSENTED: 0, KIT: 0, RESULT: 0 }).map((s) => s.fromPrevious)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(funnelStages({ INVITED: 3, CONSENTED: 0, KIT: 0, RESULT: 0 })[2]?.fromPrevious).toBeNull();
  });
});

describe('participantStatus', () => {
  it('is the furthest any kit of the project has gone', () => {
    expect(participantStatus([])).toBe('JOINED');
    expect(participantStatus([{ kitStatus: 'REDEEMED' }])).toBe('KIT');
    expect(participantStatus([{ kitStatus: 'REDEEMED' }, { kitStatus: 'RECEIVED_BY_LAB' }])).toBe('AT_LAB');
    expect(participantStatus([{ kitStatus: 'PROCESSING' }, { kitStatus: 'RESULTS_AVAILABLE' }])).toBe(
      'RESULTS',
    );
  });
});
