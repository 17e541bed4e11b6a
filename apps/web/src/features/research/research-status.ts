import {
  deliversResults,
  type Kit,
  kitStatusText,
  PROCESSING_COMPLETE,
  processingCompleteKept,
  researchKitStatusText,
  researchSampleStatusText,
  resultsWithheld,
  withBrand,
} from '@portal/domain';

/**
 * Research §2 status labels for a kit of My Research and the dashboard, by the project's logistics type.
 * The wording per status is the domain's researchKitStatusText; this module decides which steps a
 * project shows and where a kit stands on them.
 */

type ResearchKit = Pick<Kit, 'kitStatus' | 'sampleStatus' | 'project'>;

/** How far along a status is; statuses before the first step (not yet sent) are 0. */
const PROGRESS: Record<string, number> = {
  REQUESTED: 1,
  ALLOCATED: 1,
  DISPATCHED_BY_LAB: 2,
  RECEIVED_BY_CUSTOMER: 2,
  RECEIVED_BY_LAB: 3,
  PROCESSING: 3,
  RESULTS_AVAILABLE: 4,
  MICROBIOME_COACH_SESSION_COMPLETED: 4,
};

const STEP_STATUSES = ['REQUESTED', 'DISPATCHED_BY_LAB', 'RECEIVED_BY_LAB', 'RESULTS_AVAILABLE'] as const;

export type ResearchStep = { status: string; label: string; done: boolean; current: boolean };

/**
 * The steps a kit of this project goes through: dispatch only when the lab posts the kits, and
 * 'Results Available' only when the project delivers results.
 */
export function researchKitSteps(kit: ResearchKit, brand: string): ResearchStep[] {
  const { logisticType } = kit.project;
  const reached = PROGRESS[kit.kitStatus] ?? 0;
  const shown = STEP_STATUSES.filter(
    (status) => status !== 'RESULTS_AVAILABLE' || deliversResults(kit.project),
  ).flatMap((status) => {
    const label = researchKitStatusText(status, logisticType);
    return label === null ? [] : [{ status, label: withBrand(label, brand), at: PROGRESS[status] ?? 0 }];
  });
  const current = shown.filter((step) => step.at <= reached).at(-1)?.status;
  return shown.map(({ status, label, at }) => ({
    status,
    label,
    done: at <= reached,
    current: status === current,
  }));
}

/**
 * The status line of a kit. A sample the participant posted back says so (the kit's own status still
 * names the lab's dispatch). A status whose step the project does not show reads as the step before it:
 * a dispatched kit of a study-run project is still 'Sampling', and results a project does not deliver
 * read as received.
 */
export function researchKitStatusLabel(kit: ResearchKit, brand: string): string {
  const inTransit = researchSampleStatusText(kit.sampleStatus);
  if (inTransit) return inTransit;
  // Results the project keeps: the lab is done, and nothing more is said (issue 33).
  if (processingCompleteKept(kit)) return PROCESSING_COMPLETE;
  const { logisticType } = kit.project;
  const status = resultsWithheld(kit) ? 'RECEIVED_BY_LAB' : kit.kitStatus;
  const label =
    researchKitStatusText(status, logisticType) ??
    researchKitStatusText('REQUESTED', logisticType) ??
    kitStatusText(status);
  return withBrand(label, brand);
}
