import { describe, expect, it } from 'vitest';
import { researchKitStatusLabel, researchKitSteps } from './research-status.ts';

const BRAND = 'Microbiome Lab';

function kit(
  kitStatus: string,
  logisticType: string,
  resultDeliveryType: string | null = 'PORTAL',
  sampleStatus: string | null = null,
) {
  return { kitStatus, sampleStatus, project: { id: 7, name: 'Gut study', logisticType, resultDeliveryType } };
}

describe('research status labels', () => {
  it.each([
    ['REQUESTED', 'LAB_MANAGED', 'Preparing your order'],
    ['DISPATCHED_BY_LAB', 'LAB_MANAGED', 'Your kit has been dispatched'],
    ['RECEIVED_BY_LAB', 'LAB_MANAGED', 'Sample received by Microbiome Lab'],
    ['RESULTS_AVAILABLE', 'LAB_MANAGED', 'Results Available'],
    ['REQUESTED', 'CLIENT_MANAGED', 'Sampling'],
    ['DISPATCHED_BY_LAB', 'CLIENT_MANAGED', 'Sampling'],
    ['RECEIVED_BY_LAB', 'CLIENT_MANAGED', 'Received by Microbiome Lab'],
    ['RESULTS_AVAILABLE', 'CLIENT_MANAGED', 'Results Available'],
    ['ASSIGNED', 'LAB_MANAGED', 'Kit Available'],
    ['PROCESSING', 'CLIENT_MANAGED', 'Processing'],
  ])('%s of a %s project reads %s', (status, logisticType, label) => {
    expect(researchKitStatusLabel(kit(status, logisticType), BRAND)).toBe(label);
  });

  it.each([
    ['DISPATCHED_BY_LAB', 'LAB_MANAGED'],
    ['RECEIVED_BY_CUSTOMER', 'LAB_MANAGED'],
    ['REQUESTED', 'CLIENT_MANAGED'],
  ])('says a sample posted back by the participant is on its way to the lab (%s, %s)', (status, logistic) => {
    const posted = kit(status, logistic, 'PORTAL', 'DISPATCHED_BY_CUSTOMER');
    expect(researchKitStatusLabel(posted, BRAND)).toBe('Sample on its way to the lab');
  });

  it.each([['NO_DELIVERY'], [null], ['']])(
    'reads results as processing complete when the project delivers none (%s)',
    (delivery) => {
      expect(researchKitStatusLabel(kit('RESULTS_AVAILABLE', 'LAB_MANAGED', delivery), BRAND)).toBe(
        'Processing complete',
      );
    },
  );
});

describe('research kit steps', () => {
  const labels = (steps: { label: string }[]) => steps.map((step) => step.label);

  it('shows dispatch and results for a lab-managed project that delivers results', () => {
    expect(labels(researchKitSteps(kit('ASSIGNED', 'LAB_MANAGED'), BRAND))).toEqual([
      'Preparing your order',
      'Your kit has been dispatched',
      'Sample received by Microbiome Lab',
      'Results Available',
    ]);
  });

  it('hides dispatch for a study-run project and results when none are delivered', () => {
    expect(labels(researchKitSteps(kit('ASSIGNED', 'CLIENT_MANAGED', 'NO_DELIVERY'), BRAND))).toEqual([
      'Sampling',
      'Received by Microbiome Lab',
    ]);
  });

  it('marks the steps reached and the current one', () => {
    const steps = researchKitSteps(kit('PROCESSING', 'LAB_MANAGED'), BRAND);
    expect(steps.map((step) => step.done)).toEqual([true, true, true, false]);
    expect(steps.find((step) => step.current)?.label).toBe('Sample received by Microbiome Lab');
  });

  it('has no step reached before the kit is sent', () => {
    const steps = researchKitSteps(kit('ASSIGNED', 'LAB_MANAGED'), BRAND);
    expect(steps.some((step) => step.done || step.current)).toBe(false);
  });
});
