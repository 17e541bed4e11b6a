import { describe, expect, it } from 'vitest';
import {
  KIT_SUMMARY_TEXTS,
  kitCardStatus,
  kitCardStatusKey,
  kitChoices,
  kitNextStep,
  kitPrimaryAction,
  laterReportSample,
  type SummaryKit,
} from './kit-summary.ts';
import { isListed, KIT_MESSAGES, kitStatusText } from './kits.ts';

const kit = (
  kitStatus: string,
  sampleStatus: string | null = null,
  extra: Partial<SummaryKit> = {},
): SummaryKit => ({
  kitStatus,
  sampleStatus,
  givingAllowed: true,
  project: { logisticType: 'LAB_MANAGED', resultDeliveryType: 'PORTAL' },
  replacedByKitId: null,
  ...extra,
});

describe('which kits the kits page lists (consumer §4 listing rules)', () => {
  it.each([
    ['INVALIDATED', null, false],
    ['INVALIDATED', 'INVALIDATED', false],
    ['REQUESTED', 'INVALIDATED', false],
    ['REFUNDED', null, false],
    ['REFUNDED', 'DISPATCHED_BY_CUSTOMER', false],
    ['REFUNDED', 'FAILED_PROCESSING', false],
    ['REFUNDED', 'RESULTS_AVAILABLE', true],
    ['REFUNDED', 'MICROBIOME_COACH_SESSION_COMPLETED', true],
    ['REPLACED', 'FAILED_OVERLOADED', true],
    ['ASSIGNED', null, true],
  ])('%s with sample %s: listed %s', (kitStatus, sampleStatus, listed) => {
    expect(isListed(kit(kitStatus, sampleStatus))).toBe(listed);
  });
});

describe('the status line of a kit card', () => {
  it.each([
    [kit('REPLACED', 'FAILED_UNDERLOADED', { replacedByKitId: 41 }), 'Replaced by KIT-41'],
    [kit('REPLACED', 'FAILED_UNDERLOADED'), KIT_SUMMARY_TEXTS.replaced],
    [kit('REFUNDED', 'RESULTS_AVAILABLE'), 'Results Available'],
    [kit('REFUNDED', 'MICROBIOME_COACH_SESSION_COMPLETED'), 'Coach session completed'],
    [kit('ASSIGNED'), 'Kit Available'],
    [kit('FAILED_OVERLOADED', 'FAILED_OVERLOADED'), 'Error'],
    [
      kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE', {
        project: { logisticType: 'LAB_MANAGED', resultDeliveryType: 'NO_DELIVERY' },
      }),
      kitStatusText('RECEIVED_BY_LAB'),
    ],
  ])('%o reads %s', (k, text) => {
    expect(kitCardStatus(k)).toBe(text);
    expect(kitCardStatus(k)).not.toBe(KIT_MESSAGES.statusMissing);
  });
});

describe('the status a kit card stands for', () => {
  it.each([
    [kit('REPLACED', 'FAILED_UNDERLOADED', { replacedByKitId: 41 }), 'REPLACED'],
    [kit('REFUNDED', 'RESULTS_AVAILABLE'), 'RESULTS_AVAILABLE'],
    [kit('ASSIGNED'), 'ASSIGNED'],
    [kit('FAILED_OVERLOADED', 'FAILED_OVERLOADED'), 'FAILED_OVERLOADED'],
    [
      kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE', {
        project: { logisticType: 'LAB_MANAGED', resultDeliveryType: 'NO_DELIVERY' },
      }),
      'RECEIVED_BY_LAB',
    ],
  ])('%o stands for %s', (k, key) => {
    expect(kitCardStatusKey(k)).toBe(key);
  });
});

describe('the one primary action of a kit summary', () => {
  const clientManaged = { project: { logisticType: 'CLIENT_MANAGED', resultDeliveryType: 'PORTAL' } };
  const withheld = { project: { logisticType: 'LAB_MANAGED', resultDeliveryType: 'NO_DELIVERY' } };
  it.each([
    [kit('UNASSIGNED'), 'SELECT_OPTION', { send: true, give: true }],
    [kit('ASSIGNED', null, { givingAllowed: false }), 'SELECT_OPTION', { send: true, give: false }],
    [kit('REDEEMED'), 'SELECT_OPTION', { send: true, give: true }],
    [kit('ASSIGNED', null, clientManaged), 'SELECT_OPTION', { send: false, give: true }],
    [kit('ASSIGNED', null, { ...clientManaged, givingAllowed: false }), null, { send: false, give: false }],
    [kit('REQUESTED'), null, { send: false, give: false }],
    [kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE'), 'VIEW_REPORT', { send: false, give: false }],
    [kit('REFUNDED', 'RESULTS_AVAILABLE'), 'VIEW_REPORT', { send: false, give: false }],
    // Results of a project that delivers none stay with staff (reportDelivered): no report to open.
    [kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE', withheld), null, { send: false, give: false }],
    [kit('FAILED_SWAB_OTHER', 'FAILED_SWAB_OTHER'), 'ORDER_REPLACEMENT', { send: false, give: false }],
    [kit('FAILED_PROCESSING', 'FAILED_TUBE_NOT_INTACT'), null, { send: false, give: false }],
    [kit('REPLACED', 'FAILED_OVERLOADED', { replacedByKitId: 9 }), null, { send: false, give: false }],
  ])('%o: %s', (k, action, choices) => {
    expect(kitPrimaryAction(k)).toBe(action);
    expect(kitChoices(k)).toEqual(choices);
  });
});

describe('the next step of a kit', () => {
  it.each([
    [kit('ASSIGNED'), KIT_SUMMARY_TEXTS.choose],
    [
      kit('ASSIGNED', null, {
        project: { logisticType: 'CLIENT_MANAGED', resultDeliveryType: 'PORTAL' },
        givingAllowed: false,
      }),
      KIT_SUMMARY_TEXTS.handedOut,
    ],
    [kit('REQUESTED'), KIT_SUMMARY_TEXTS.preparing],
    [kit('ALLOCATED', 'ALLOCATED'), KIT_SUMMARY_TEXTS.preparing],
    [kit('DISPATCHED_BY_LAB'), KIT_SUMMARY_TEXTS.onItsWay],
    [kit('RECEIVED_BY_CUSTOMER'), KIT_SUMMARY_TEXTS.collect],
    [kit('RECEIVED_BY_CUSTOMER', 'DISPATCHED_BY_CUSTOMER'), KIT_SUMMARY_TEXTS.sampleOnItsWay],
    [kit('RECEIVED_BY_CUSTOMER', 'LOST_IN_TRANSIT'), KIT_SUMMARY_TEXTS.sampleLost],
    [kit('RECEIVED_BY_LAB', 'RECEIVED_BY_LAB'), KIT_MESSAGES.reportTiming],
    [kit('PROCESSING', 'SEQUENCING'), KIT_MESSAGES.reportTiming],
    [kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE'), KIT_SUMMARY_TEXTS.reportReady],
    [kit('REFUNDED', 'RESULTS_AVAILABLE'), KIT_SUMMARY_TEXTS.reportReady],
    [
      kit('RESULTS_AVAILABLE', 'RESULTS_AVAILABLE', {
        project: { logisticType: 'LAB_MANAGED', resultDeliveryType: 'NO_DELIVERY' },
      }),
      null,
    ],
    [
      kit('MICROBIOME_COACH_SESSION_COMPLETED', 'MICROBIOME_COACH_SESSION_COMPLETED'),
      KIT_SUMMARY_TEXTS.coachDone,
    ],
    [kit('FAILED_UNDERLOADED', 'FAILED_UNDERLOADED'), KIT_SUMMARY_TEXTS.failedReplaceable],
    [kit('FAILED_PROCESSING', 'FAILED_TUBE_NOT_INTACT'), KIT_SUMMARY_TEXTS.failed],
    [kit('REPLACED', 'FAILED_UNDERLOADED', { replacedByKitId: 3 }), null],
  ])('%o: %s', (k, text) => {
    expect(kitNextStep(k)).toBe(text);
  });
});

describe('the later report that "Compare your reports" compares with', () => {
  const report = (id: number, displayDate: string | null, sampleStatus = 'RESULTS_AVAILABLE') => ({
    id,
    sampleIdentifier: `MB${id}`,
    displayDate,
    kitStatus: sampleStatus,
    sampleStatus,
  });
  const first = report(1, '2024-03-01', 'MICROBIOME_COACH_SESSION_COMPLETED');
  const second = report(2, '2024-09-01');
  const atLab = report(3, null, 'RECEIVED_BY_LAB');
  const undated = report(4, null);

  it('is none with one report', () => {
    expect(laterReportSample([first, atLab], first)).toBeNull();
  });
  it('is the next report by display date, whatever the kits order', () => {
    expect(laterReportSample([second, atLab, first], first)).toBe('MB2');
    expect(laterReportSample([second, first], second)).toBeNull();
  });
  it('puts undated reports last, as the report list does', () => {
    expect(laterReportSample([undated, second, first], second)).toBe('MB4');
    expect(laterReportSample([undated, second, first], undated)).toBeNull();
  });
  it('is none for a kit without a report', () => {
    expect(laterReportSample([first, second, atLab], atLab)).toBeNull();
  });
});
