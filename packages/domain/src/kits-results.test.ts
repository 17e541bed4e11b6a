import { describe, expect, it } from 'vitest';
import { needsImportedResults, resultsOnlyByImport } from './kits.ts';

describe('report states need imported results (issue 21 item 1)', () => {
  it.each([
    [{ sampleStatus: 'RESULTS_AVAILABLE' }, true],
    [{ sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' }, true],
    [{ kitStatus: 'RESULTS_AVAILABLE' }, true],
    [{ kitStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' }, true],
    [{ kitStatus: 'DISPATCHED_BY_LAB', sampleStatus: 'RESULTS_AVAILABLE' }, true],
    [{ sampleStatus: 'COMPLETED' }, false],
    [{ kitStatus: 'PROCESSING' }, false],
    [{ sampleStatus: 'FAILED_OVERLOADED' }, false],
    [{}, false],
  ])('%o → %s', (change, expected) => {
    expect(needsImportedResults(change)).toBe(expected);
  });

  it('names the status and the command that reaches it', () => {
    expect(resultsOnlyByImport('RESULTS_AVAILABLE')).toBe(
      "A kit reaches RESULTS_AVAILABLE only when its results are imported: run results:import with the sample's MetaPhlAn profile.",
    );
  });
});
