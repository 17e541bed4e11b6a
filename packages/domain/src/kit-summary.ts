import {
  canRequestReplacement,
  canViewReport,
  isAwaitingReport,
  isNotActivated,
  KIT_MESSAGES,
  type KitLike,
  kitStatusText,
} from './kits.ts';
import { reportDelivered, resultsWithheld } from './research.ts';

/**
 * The summary of a kit on the kits page (issue 21): its status line, the next step and the one primary
 * action. The spec gives REPLACED, INVALIDATED and REFUNDED no friendly text; invalidated kits and
 * refunded ones without results are not listed (isListed), and the others get a neutral line here, so
 * no listed kit reads 'Status details missing.'.
 */

export type SummaryKit = KitLike & {
  givingAllowed: boolean;
  project: { logisticType: string; resultDeliveryType: string | null };
  /** The kit that replaced this one, when it is REPLACED. */
  replacedByKitId: number | null;
  /** When staff refunded the kit's order in full (issue 34 item 12). */
  orderRefundedDate?: string | null | undefined;
};

export const KIT_SUMMARY_TEXTS = {
  replacedBy: (kitId: number) => `Replaced by KIT-${kitId}`,
  replaced: 'Replaced',
  choose: 'Send this kit to yourself when you are ready, or give it to someone.',
  handedOut: 'The study team hands out the kits of this project.',
  preparing: 'We are preparing your kit for dispatch.',
  onItsWay: 'Your kit is on its way to you.',
  collect: 'Collect your sample and post it back to the lab.',
  sampleOnItsWay: 'Your sample is on its way to the lab.',
  sampleLost: 'Your sample has not reached the lab yet. Please contact us.',
  reportReady: 'Your report is ready.',
  coachDone: 'You have completed your Microbiome Coach session.',
  failedReplaceable: 'The lab could not analyse your sample. You can order a replacement kit.',
  failed: 'The lab could not analyse your sample. Please contact us.',
  refunded: 'Refunded',
  refundedNext: 'We refunded the order of this kit. The kit we sent you stays yours.',
} as const;

/**
 * A kit whose order staff refunded in full, and whose sample has not come back (issue 34 item 12): its
 * card reads "Refunded", not "Your kit is on its way". Once a sample reaches the lab, its steps show.
 */
export const readsRefunded = (kit: SummaryKit) =>
  Boolean(kit.orderRefundedDate) && kit.sampleStatus === null && kit.kitStatus !== 'REPLACED';

/** The kit can still be sent or given: the choice that 'Select option' opens. */
export const awaitsChoice = (kit: KitLike) => isNotActivated(kit) || kit.kitStatus === 'REDEEMED';

/** What the choice offers: sending (not for kits the study team hands out) and giving (where allowed). */
export function kitChoices(kit: SummaryKit): { send: boolean; give: boolean } {
  if (!awaitsChoice(kit)) return { send: false, give: false };
  return { send: kit.project.logisticType !== 'CLIENT_MANAGED', give: kit.givingAllowed };
}

/**
 * The status line of a kit card. A replaced kit names its replacement; a refunded kit (listed only with
 * results) shows its sample's step; every other kit the spec's status text.
 */
export function kitCardStatus(kit: SummaryKit): string {
  if (readsRefunded(kit)) return KIT_SUMMARY_TEXTS.refunded;
  if (kit.kitStatus === 'REPLACED')
    return kit.replacedByKitId === null
      ? KIT_SUMMARY_TEXTS.replaced
      : KIT_SUMMARY_TEXTS.replacedBy(kit.replacedByKitId);
  return kitStatusText(kitCardStatusKey(kit));
}

/**
 * The status a kit card's status line stands for (the web app colours its badge by it): REPLACED, the
 * sample's step for a refunded kit, received for results the project keeps, else the kit's status.
 */
export function kitCardStatusKey(kit: SummaryKit): string | null {
  if (readsRefunded(kit)) return 'REFUNDED';
  if (kit.kitStatus === 'REFUNDED') return kit.sampleStatus;
  // Results the kit's project keeps (NO_DELIVERY) read as received, as on My Research.
  return resultsWithheld(kit) ? 'RECEIVED_BY_LAB' : kit.kitStatus;
}

export type KitPrimaryAction = 'SELECT_OPTION' | 'VIEW_REPORT' | 'ORDER_REPLACEMENT' | null;

/** The one action a kit's summary offers: choose what to do with it, open its report, or replace it. */
export function kitPrimaryAction(kit: SummaryKit): KitPrimaryAction {
  const choices = kitChoices(kit);
  if (choices.send || choices.give) return 'SELECT_OPTION';
  if (reportDelivered(kit)) return 'VIEW_REPORT';
  if (canRequestReplacement(kit)) return 'ORDER_REPLACEMENT';
  return null;
}

const FAILED = /^FAILED_/;

/** What happens next with a kit, in one sentence; null when nothing does (a replaced kit). */
export function kitNextStep(kit: SummaryKit): string | null {
  const { kitStatus, sampleStatus } = kit;
  if (kitStatus === 'REPLACED') return null;
  if (readsRefunded(kit)) return KIT_SUMMARY_TEXTS.refundedNext;
  if (awaitsChoice(kit)) {
    const choices = kitChoices(kit);
    return choices.send || choices.give ? KIT_SUMMARY_TEXTS.choose : KIT_SUMMARY_TEXTS.handedOut;
  }
  if (sampleStatus === 'MICROBIOME_COACH_SESSION_COMPLETED') return KIT_SUMMARY_TEXTS.coachDone;
  if (reportDelivered(kit)) return KIT_SUMMARY_TEXTS.reportReady;
  if (FAILED.test(sampleStatus ?? '') || FAILED.test(kitStatus))
    return canRequestReplacement(kit) ? KIT_SUMMARY_TEXTS.failedReplaceable : KIT_SUMMARY_TEXTS.failed;
  if (isAwaitingReport(kit)) return KIT_MESSAGES.reportTiming;
  if (sampleStatus === 'LOST_IN_TRANSIT') return KIT_SUMMARY_TEXTS.sampleLost;
  if (sampleStatus === 'DISPATCHED_BY_CUSTOMER') return KIT_SUMMARY_TEXTS.sampleOnItsWay;
  if (kitStatus === 'RECEIVED_BY_CUSTOMER') return KIT_SUMMARY_TEXTS.collect;
  if (kitStatus === 'DISPATCHED_BY_LAB') return KIT_SUMMARY_TEXTS.onItsWay;
  if (kitStatus === 'REQUESTED' || kitStatus === 'ALLOCATED') return KIT_SUMMARY_TEXTS.preparing;
  return null;
}

type ReportKit = KitLike & { id: number; sampleIdentifier: string; displayDate: string | null };

/** Reports in the order the report pages list them: display date, undated last, then kit id. */
const reportOrder = (a: ReportKit, b: ReportKit) =>
  (a.displayDate === null ? 1 : 0) - (b.displayDate === null ? 1 : 0) ||
  (a.displayDate ?? '').localeCompare(b.displayDate ?? '') ||
  a.id - b.id;

/**
 * The sample of the next report after this kit's, which 'Compare your reports' compares it with; null
 * when this kit's report is the latest (or it has none), so there is nothing to compare.
 */
export function laterReportSample(kits: readonly ReportKit[], kit: ReportKit): string | null {
  if (!canViewReport(kit)) return null;
  const reports = kits.filter(canViewReport).sort(reportOrder);
  const at = reports.findIndex((other) => other.id === kit.id);
  return at < 0 ? null : (reports[at + 1]?.sampleIdentifier ?? null);
}
