import { describe, expect, it } from 'vitest';
import {
  CONSUMER_NOTIFICATION_LIMIT,
  canRequestReplacement,
  canViewReport,
  coachTileState,
  isActivated,
  isAwaitingReport,
  isListed,
  isNotActivated,
  KIT_MESSAGES,
  KIT_STATUSES,
  kitDisplayName,
  kitFieldsSchema,
  kitStatusForSample,
  kitStatusText,
  kitSummary,
  kitTransitionAllowed,
  normaliseReferralCode,
  normaliseVoucher,
  orderNotifications,
  questionnairesComplete,
  REDEEM_OPTION_LABELS,
  RESEARCH_NOTIFICATION_LIMIT,
  redeemOptions,
  researchKitStatusText,
  researchSampleStatusText,
  SAMPLE_STATUSES,
  sampleTransitionAllowed,
  sentKitStatus,
  stepAfterOption,
  timelineSteps,
  updateKitSchema,
} from './index.ts';

describe('kit status text (consumer §4 table)', () => {
  it.each([
    ['ASSIGNED', 'Kit Available'],
    ['UNASSIGNED', 'Kit Available'],
    ['REQUESTED', 'Packing'],
    ['ALLOCATED', 'Sent'],
    ['DISPATCHED_BY_LAB', 'Sent'],
    ['RECEIVED_BY_CUSTOMER', 'Received'],
    ['PROCESSING', 'Processing'],
    ['RECEIVED_BY_LAB', 'Received by {product}'],
    ['RESULTS_AVAILABLE', 'Results Available'],
    ['MICROBIOME_COACH_SESSION_COMPLETED', 'Coach session completed'],
    ['FAILED_OVERLOADED', 'Error'],
    ['FAILED_UNDERLOADED', 'Error'],
    ['FAILED_SWAB_OTHER', 'Error'],
    ['FAILED_PROCESSING', 'Error'],
    ['REDEEMED', 'Kit Redeemed'],
    ['REPLACED', 'Status details missing.'],
    ['INVALIDATED', 'Status details missing.'],
    ['REFUNDED', 'Status details missing.'],
    ['SOMETHING_NEW', 'Status details missing.'],
    [null, 'Status details missing.'],
  ])('%s → %s', (status, text) => {
    expect(kitStatusText(status)).toBe(text);
  });

  it('covers every kit status value', () => {
    for (const s of KIT_STATUSES) expect(typeof kitStatusText(s)).toBe('string');
    expect(SAMPLE_STATUSES).toHaveLength(21);
  });

  it.each([
    ['REQUESTED', 'LAB_MANAGED', 'Preparing your order'],
    ['DISPATCHED_BY_LAB', 'LAB_MANAGED', 'Your kit has been dispatched'],
    ['RECEIVED_BY_LAB', 'LAB_MANAGED', 'Sample received by {product}'],
    ['REQUESTED', 'CLIENT_MANAGED', 'Sampling'],
    ['DISPATCHED_BY_LAB', 'CLIENT_MANAGED', null],
    ['RECEIVED_BY_LAB', 'CLIENT_MANAGED', 'Received by {product}'],
    ['RESULTS_AVAILABLE', 'CLIENT_MANAGED', 'Results Available'],
  ])('research label of %s for %s is %s', (status, logistic, text) => {
    expect(researchKitStatusText(status, logistic)).toBe(text);
  });

  it.each([
    ['DISPATCHED_BY_CUSTOMER', 'Sample on its way to the lab'],
    ['LOST_IN_TRANSIT', 'Sample lost in transit'],
    ['RECEIVED_BY_LAB', null],
    [null, null],
  ])('research label of a sample %s is %s', (sampleStatus, text) => {
    expect(researchSampleStatusText(sampleStatus)).toBe(text);
  });

  it('names a kit without a name KIT-{id}', () => {
    expect(kitDisplayName({ id: 42, name: null })).toBe('KIT-42');
    expect(kitDisplayName({ id: 42, name: '  ' })).toBe('KIT-42');
    expect(kitDisplayName({ id: 42, name: 'Before antibiotics' })).toBe('Before antibiotics');
  });
});

const kit = (kitStatus: string, sampleStatus: string | null = null, id = 0) => ({
  id,
  kitStatus,
  sampleStatus,
});

describe('listing rules', () => {
  it.each([
    [kit('INVALIDATED'), false],
    [kit('REQUESTED', 'INVALIDATED'), false],
    [kit('REFUNDED', 'FAILED_OVERLOADED'), false],
    [kit('REFUNDED', 'RESULTS_AVAILABLE'), true],
    [kit('REFUNDED', 'MICROBIOME_COACH_SESSION_COMPLETED'), true],
    [kit('UNASSIGNED'), true],
    [kit('REPLACED', 'FAILED_UNDERLOADED'), true],
  ])('%o listed: %s', (k, listed) => {
    expect(isListed(k)).toBe(listed);
  });

  it('counts activated as not UNASSIGNED, not-activated as UNASSIGNED or ASSIGNED', () => {
    expect(isActivated(kit('UNASSIGNED'))).toBe(false);
    expect(isActivated(kit('ASSIGNED'))).toBe(true);
    expect(isNotActivated(kit('ASSIGNED'))).toBe(true);
    expect(isNotActivated(kit('UNASSIGNED'))).toBe(true);
    expect(isNotActivated(kit('REQUESTED'))).toBe(false);
  });

  it('sums the dashboard cards over valid kits only', () => {
    expect(
      kitSummary([
        kit('UNASSIGNED'),
        kit('REQUESTED'),
        kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE'),
        kit('MICROBIOME_COACH_SESSION_COMPLETED', 'MICROBIOME_COACH_SESSION_COMPLETED'),
        kit('INVALIDATED'),
        kit('REFUNDED', 'FAILED_OVERLOADED'),
      ]),
    ).toEqual({ validKits: 4, activatedKits: 3, reportsReceived: 2, coachSessions: 1 });
  });
});

describe('kit rules', () => {
  it.each([
    ['RESULTS_AVAILABLE', true],
    ['MICROBIOME_COACH_SESSION_COMPLETED', true],
    ['COMPLETED', false],
    ['RECEIVED_BY_LAB', false],
    [null, false],
  ])('report viewable with sample %s: %s', (sample, can) => {
    expect(canViewReport(kit('PROCESSING', sample))).toBe(can);
  });

  it.each([
    ['FAILED_OVERLOADED', 'FAILED_OVERLOADED', true],
    ['FAILED_UNDERLOADED', 'FAILED_UNDERLOADED', true],
    ['FAILED_SWAB_OTHER', 'FAILED_SWAB_OTHER', true],
    ['FAILED_PROCESSING', 'FAILED_PROCESSING', false],
    ['FAILED_PROCESSING', 'FAILED_TUBE_NOT_INTACT', false],
    ['REPLACED', 'FAILED_OVERLOADED', false],
    ['RESULTS_AVAILABLE', 'RESULTS_AVAILABLE', false],
  ])('replacement for kit %s sample %s: %s', (k, s, can) => {
    expect(canRequestReplacement(kit(k, s))).toBe(can);
  });
});

describe('report timing (consumer §9 claim)', () => {
  it('says the report takes about 4 weeks after the lab receives the sample', () =>
    expect(KIT_MESSAGES.reportTiming).toBe(
      'A report usually takes about 4 weeks after the lab receives the sample.',
    ));

  it.each([
    [{ kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' }, true],
    [{ kitStatus: 'PROCESSING', sampleStatus: 'SEQUENCING' }, true],
    [{ kitStatus: 'PROCESSING', sampleStatus: null }, true],
    [{ kitStatus: 'DISPATCHED_BY_LAB', sampleStatus: 'DISPATCHED_BY_CUSTOMER' }, false],
    [{ kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' }, false],
    [{ kitStatus: 'FAILED_UNDERLOADED', sampleStatus: 'FAILED_UNDERLOADED' }, false],
  ])('applies to %o: %s', (kit, expected) => expect(isAwaitingReport(kit)).toBe(expected));
});

describe('notification ordering', () => {
  it('sorts by sample rank, then kit rank, excludes invalidated and refunded, keeps 4', () => {
    const kits = [
      kit('REQUESTED', null, 1),
      kit('DISPATCHED_BY_LAB', null, 2),
      kit('RECEIVED_BY_CUSTOMER', 'DISPATCHED_BY_CUSTOMER', 3),
      kit('PROCESSING', 'ACCESSIONING', 4),
      kit('RECEIVED_BY_LAB', 'RECEIVED_BY_LAB', 5),
      kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE', 6),
      kit('MICROBIOME_COACH_SESSION_COMPLETED', 'MICROBIOME_COACH_SESSION_COMPLETED', 7),
      kit('INVALIDATED', null, 8),
      kit('REFUNDED', 'RESULTS_AVAILABLE', 9),
      kit('RECEIVED_BY_CUSTOMER', null, 10),
    ];
    expect(orderNotifications(kits).map((k) => k.id)).toEqual([7, 6, 5, 3]);
    expect(orderNotifications(kits, 100).map((k) => k.id)).toEqual([7, 6, 5, 3, 4, 10, 2, 1]);
    expect(orderNotifications(kits, RESEARCH_NOTIFICATION_LIMIT)).toHaveLength(7);
    expect(CONSUMER_NOTIFICATION_LIMIT).toBe(4);
  });

  it('keeps the given order for equal ranks', () => {
    expect(
      orderNotifications([kit('UNASSIGNED', null, 1), kit('ASSIGNED', null, 2)]).map((k) => k.id),
    ).toEqual([1, 2]);
  });
});

describe('coach tile', () => {
  it.each([
    ['MICROBIOME_COACH_SESSION_COMPLETED', false, 'COMPLETED'],
    ['RESULTS_AVAILABLE', true, 'BOOK'],
    ['RESULTS_AVAILABLE', false, 'HOW_TO'],
    ['PROCESSING', true, null],
    [null, true, null],
  ])('sample %s, questionnaires complete %s → %s', (sample, complete, tile) => {
    expect(coachTileState(kit('X', sample), complete)).toBe(tile);
  });

  it('calls questionnaires complete only when every one is at 100%', () => {
    expect(questionnairesComplete([])).toBe(false);
    expect(questionnairesComplete([{ totalQuestions: 3, completedQuestions: 3 }])).toBe(true);
    expect(
      questionnairesComplete([
        { totalQuestions: 3, completedQuestions: 3 },
        { totalQuestions: 5, completedQuestions: 4 },
      ]),
    ).toBe(false);
  });
});

describe('timeline', () => {
  const ev = (eventType: string, date: string) => ({ eventType, date, dateTime: `${date}T10:00:00.000Z` });

  it('activates a step with a date and every step before a later one', () => {
    const steps = timelineSteps([ev('PURCHASED', '2026-01-01'), ev('RECEIVED_BY_LAB', '2026-01-10')]);
    expect(steps.map((s) => s.label)).toEqual([
      'Kit Purchased',
      'Preparing your order',
      'Kit dispatched',
      'Sample received by lab',
      'Lab is processing',
      'Report available',
      'Book a Microbiome Coach session',
    ]);
    expect(steps.map((s) => s.active)).toEqual([true, true, true, true, false, false, false]);
    expect(steps.map((s) => s.date)).toEqual(['2026-01-01', null, null, '2026-01-10', null, null, null]);
  });

  it('falls back to the ready-for-accessioning date for the processing step', () => {
    const fallback = timelineSteps([ev('READY_FOR_ACCESSIONING', '2026-02-02')]);
    expect(fallback[4]?.date).toBe('2026-02-02');
    const both = timelineSteps([
      ev('READY_FOR_ACCESSIONING', '2026-02-02'),
      ev('ACCESSIONING', '2026-02-03'),
    ]);
    expect(both[4]?.date).toBe('2026-02-03');
  });

  it('is all inactive without events', () => {
    expect(timelineSteps([]).every((s) => !s.active)).toBe(true);
  });
});

describe('state machines', () => {
  it.each([
    ['UNASSIGNED', 'REQUESTED', true],
    ['ASSIGNED', 'REQUESTED', true],
    ['REDEEMED', 'REQUESTED', true],
    ['REQUESTED', 'DISPATCHED_BY_LAB', true],
    ['DISPATCHED_BY_LAB', 'RECEIVED_BY_CUSTOMER', true],
    ['DISPATCHED_BY_LAB', 'REQUESTED', false],
    ['RESULTS_AVAILABLE', 'PROCESSING', false],
    ['REQUESTED', 'FAILED_OVERLOADED', false],
    ['PROCESSING', 'FAILED_OVERLOADED', true],
    ['FAILED_OVERLOADED', 'REPLACED', true],
    ['RESULTS_AVAILABLE', 'REPLACED', false],
    ['RESULTS_AVAILABLE', 'INVALIDATED', false],
    ['REQUESTED', 'INVALIDATED', true],
    ['UNASSIGNED', 'REFUNDED', false],
    ['DISPATCHED_BY_LAB', 'REFUNDED', true],
    ['REQUESTED', 'REQUESTED', false],
    ['REQUESTED', 'NOT_A_STATUS', false],
    ['UNASSIGNED', 'RESULTS_AVAILABLE', false],
    ['ASSIGNED', 'DISPATCHED_BY_LAB', false],
    ['DISPATCHED_BY_LAB', 'PROCESSING', false],
    ['DISPATCHED_BY_LAB', 'RECEIVED_BY_LAB', true],
  ])('kit %s → %s allowed: %s', (from, to, allowed) => {
    expect(kitTransitionAllowed(from, to)).toBe(allowed);
  });

  it.each([
    [null, 'DISPATCHED_BY_CUSTOMER', true],
    ['DISPATCHED_BY_CUSTOMER', 'RECEIVED_BY_LAB', true],
    ['DISPATCHED_BY_CUSTOMER', 'LOST_IN_TRANSIT', true],
    ['LOST_IN_TRANSIT', 'RECEIVED_BY_LAB', true],
    ['RECEIVED_BY_LAB', 'ACCESSIONING', true],
    ['ACCESSIONING', 'RECEIVED_BY_LAB', false],
    ['SEQUENCING', 'FAILED_UNDERLOADED', true],
    ['DISPATCHED_BY_CUSTOMER', 'FAILED_UNDERLOADED', false],
    ['RESULTS_AVAILABLE', 'FAILED_PROCESSING', false],
    ['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED', true],
    ['UNLABELLED', 'INVALIDATED', true],
    [null, 'RESULTS_AVAILABLE', false],
    ['DISPATCHED_BY_CUSTOMER', 'ACCESSIONING', false],
    ['RECEIVED_BY_LAB', 'RESULTS_AVAILABLE', true],
    ['RECEIVED_BY_LAB', 'INVALIDATED', false],
  ])('sample %s → %s allowed: %s', (from, to, allowed) => {
    expect(sampleTransitionAllowed(from, to)).toBe(allowed);
  });

  it.each([
    ['RECEIVED_BY_LAB', 'RECEIVED_BY_LAB'],
    ['ACCESSIONING', 'PROCESSING'],
    ['RESULTS_AVAILABLE', 'RESULTS_AVAILABLE'],
    ['FAILED_SWAB_OTHER', 'FAILED_SWAB_OTHER'],
    ['FAILED_TUBE_NOT_INTACT', 'FAILED_PROCESSING'],
    ['DISPATCHED_BY_CUSTOMER', null],
  ])('sample %s moves the kit to %s', (sample, kitStatus) => {
    expect(kitStatusForSample(sample)).toBe(kitStatus);
  });
});

describe('codes and inputs', () => {
  it.each([
    ['REF-ABC123', 'ABC123'],
    ['REFABC123', 'ABC123'],
    ['ref-abc123', 'ABC123'],
    ['  ABC123 ', 'ABC123'],
  ])('referral %s → %s', (input, code) => {
    expect(normaliseReferralCode(input)).toBe(code);
  });

  it('reads vouchers regardless of case, spaces and dashes', () => {
    expect(normaliseVoucher(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
  });

  it('limits a kit name to 32 characters', () => {
    expect(kitFieldsSchema.safeParse({ name: 'x'.repeat(32) }).success).toBe(true);
    const tooLong = kitFieldsSchema.safeParse({ name: 'x'.repeat(33) });
    expect(tooLong.error?.issues[0]?.message).toBe(KIT_MESSAGES.nameTooLong);
    const save = updateKitSchema.safeParse({ name: 'x'.repeat(33), was: { name: null } });
    expect(save.error?.issues[0]?.message).toBe(KIT_MESSAGES.nameTooLong);
  });

  it('requires what the form showed (was) for each of name and notes a save changes', () => {
    const issues = (body: object) =>
      updateKitSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ name: 'A' })).toEqual([['was.name', KIT_MESSAGES.wasRequired]]);
    expect(issues({ notes: 'B', name: 'A', was: { name: null } })).toEqual([
      ['was.notes', KIT_MESSAGES.wasRequired],
    ]);
    expect(issues({ name: 'A', notes: null, was: { name: null, notes: 'old' } })).toEqual([]);
    expect(issues({ referralCode: 'ABC' })).toEqual([]);
    expect(issues({ reportReceived: true })).toEqual([]);
    expect(issues({ was: { name: null } })).toEqual([['', 'Nothing to change.']]);
  });

  it('shows a sent kit as REDEEMED once redeemed', () => {
    expect(sentKitStatus({ redeemedDate: null })).toBe('UNASSIGNED');
    expect(sentKitStatus({ redeemedDate: '2026-01-01' })).toBe('REDEEMED');
  });

  it('offers the child option only to adults who are not guardians', () => {
    expect(redeemOptions({ underAge: false, guardian: false })).toContain('CHILD');
    expect(redeemOptions({ underAge: true, guardian: false })).not.toContain('CHILD');
    expect(redeemOptions({ underAge: false, guardian: true })).not.toContain('CHILD');
    expect(stepAfterOption('SEND_NOW')).toBe('REDEEM_CODE_WITH_ADDRESS');
    expect(stepAfterOption('SEND_LATER')).toBe('REDEEM_CODE');
    expect(stepAfterOption('CHILD')).toBe('REDEEM_CONSENT');
    expect(stepAfterOption('GIVE')).toBe('GIVE');
  });

  it('names the redeem options word for word as consumer §4 does', () => {
    expect(REDEEM_OPTION_LABELS).toEqual({
      SEND_NOW: 'Send now',
      SEND_LATER: 'Send later',
      CHILD: 'For my child or dependant',
      GIVE: 'Give to someone else',
    });
  });
});
