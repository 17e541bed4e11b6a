import { describe, expect, it } from 'vitest';
import {
  kitStatusWords,
  labStepSchema,
  parseKitCode,
  STAFF_KIT_MESSAGES,
  sampleFromFileName,
  staffKitSearchSchema,
  stepRefusal,
} from './staff-kits.ts';

const kit = (kitStatus: string, sampleStatus: string | null = null) => ({ id: 12, kitStatus, sampleStatus });

describe('stepRefusal', () => {
  it.each([
    ['REQUESTED', null],
    ['ALLOCATED', null],
  ])('lets a %s kit be dispatched', (status, sample) => {
    expect(stepRefusal(kit(status, sample), { kitStatus: 'DISPATCHED_BY_LAB' })).toBeNull();
  });

  it('refuses to dispatch a kit that was never requested, naming its status and the allowed ones', () => {
    expect(stepRefusal(kit('ASSIGNED'), { kitStatus: 'DISPATCHED_BY_LAB' })).toBe(
      'KIT-12 cannot move to DISPATCHED_BY_LAB (Sent): it is ASSIGNED (Kit Available), and a kit becomes DISPATCHED_BY_LAB (Sent) only from REQUESTED (Packing) or ALLOCATED (Sent). Nothing was changed.',
    );
  });

  it('says a kit scanned twice is already dispatched', () => {
    expect(stepRefusal(kit('DISPATCHED_BY_LAB'), { kitStatus: 'DISPATCHED_BY_LAB' })).toBe(
      'KIT-12 is already DISPATCHED_BY_LAB (Sent). Nothing was changed.',
    );
  });

  it('receives a dispatched kit, and refuses one that never left', () => {
    expect(stepRefusal(kit('DISPATCHED_BY_LAB'), { sampleStatus: 'RECEIVED_BY_LAB' })).toBeNull();
    expect(stepRefusal(kit('ASSIGNED'), { sampleStatus: 'RECEIVED_BY_LAB' })).toMatch(
      /^KIT-12 cannot move to RECEIVED_BY_LAB: the kit is ASSIGNED \(Kit Available\), and a kit becomes RECEIVED_BY_LAB \(Received by \{product\}\) only from /,
    );
    expect(stepRefusal(kit('RECEIVED_BY_LAB', 'RECEIVED_BY_LAB'), { sampleStatus: 'RECEIVED_BY_LAB' })).toBe(
      'KIT-12 is already RECEIVED_BY_LAB. Nothing was changed.',
    );
  });

  it('walks the lab steps forward only', () => {
    expect(
      stepRefusal(kit('RECEIVED_BY_LAB', 'RECEIVED_BY_LAB'), { sampleStatus: 'ACCESSIONING' }),
    ).toBeNull();
    expect(stepRefusal(kit('PROCESSING', 'ACCESSIONING'), { sampleStatus: 'SEQUENCING' })).toBeNull();
    expect(stepRefusal(kit('PROCESSING', 'SEQUENCING'), { sampleStatus: 'DNA_EXTRACTION' })).toMatch(
      /^KIT-12 cannot move to DNA_EXTRACTION: its sample is SEQUENCING, and a sample reaches DNA_EXTRACTION only from .*ACCESSIONING/,
    );
  });

  it('lets a sample at the lab fail, and not one on its way', () => {
    expect(
      stepRefusal(kit('PROCESSING', 'DNA_EXTRACTION'), { sampleStatus: 'FAILED_UNDERLOADED' }),
    ).toBeNull();
    expect(
      stepRefusal(kit('DISPATCHED_BY_LAB', 'DISPATCHED_BY_CUSTOMER'), { sampleStatus: 'FAILED_PROCESSING' }),
    ).toMatch(/cannot move to FAILED_PROCESSING/);
  });
});

describe('kitStatusWords', () => {
  it('adds the customer word where the spec gives one', () => {
    expect(kitStatusWords('REQUESTED')).toBe('REQUESTED (Packing)');
    expect(kitStatusWords('REPLACED')).toBe('REPLACED');
  });
});

describe('parseKitCode', () => {
  it.each([
    ['123', 123],
    ['KIT-123', 123],
    ['kit 7', 7],
    [' MB2K7QX9PD ', null],
  ])('reads %s', (code, id) => {
    expect(parseKitCode(code).kitId).toBe(id);
  });

  it('normalises a voucher typed with dashes', () => {
    expect(parseKitCode('abcd-efgh-jkmn').voucher).toBe('ABCDEFGHJKMN');
  });
});

describe('sampleFromFileName', () => {
  it.each([
    ['MB2K7QX9PD.txt', 'MB2K7QX9PD'],
    ['mb2k7qx9pd_metaphlan.txt', 'MB2K7QX9PD'],
    ['lab/run 4/MB2K7QX9PD_profile.tsv', 'MB2K7QX9PD'],
    ['results (copy).txt', null],
  ])('%s names %s', (name, sample) => {
    expect(sampleFromFileName(name)).toBe(sample);
  });
});

describe('payloads', () => {
  it('needs a reason for a failure, and none for a step', () => {
    const failed = labStepSchema.safeParse({ codes: ['1'], sampleStatus: 'FAILED_OVERLOADED' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe(STAFF_KIT_MESSAGES.reasonRequired);
    expect(labStepSchema.safeParse({ codes: ['1'], sampleStatus: 'SEQUENCING' }).success).toBe(true);
  });

  it('refuses a date range that ends before it starts', () => {
    const parsed = staffKitSearchSchema.safeParse({
      changedFrom: '2026-02-01T00:00:00+10:00',
      changedTo: '2026-01-01T00:00:00+10:00',
    });
    expect(parsed.error?.issues[0]?.message).toBe(STAFF_KIT_MESSAGES.badDateRange);
  });
});
