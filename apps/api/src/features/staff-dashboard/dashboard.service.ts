import {
  CONSENT_REVIEW_LINK,
  type DashboardTile,
  kitListLink,
  kitStatusWords,
  LAB_FAILURES,
  LAB_STEPS,
  type StaffDashboard,
} from '@portal/domain';
import { and, count, gte, inArray, isNull, min } from 'drizzle-orm';
import { kits, parentalConsentForms } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

type Counted = { status: string | null; n: number; oldest: Date | null };
const byStatus = (rows: Counted[]) => new Map(rows.map((row) => [row.status, row]));

function tile(key: string, label: string, row: Counted | undefined, link: string): DashboardTile {
  return { key, label, count: row?.n ?? 0, oldestAt: row?.oldest?.toISOString() ?? null, link };
}

/**
 * Today's counts, each with the age of its oldest and a link to the list, oldest first: kits waiting
 * for dispatch, samples received and in each lab step, failures since the start of the week, reports
 * released today, and parental consent forms waiting for review. Four grouped statements; the kit ones
 * read the status indexes of the kit search.
 */
export async function staffDashboard(
  ctx: AppContext,
  since: { today: Date; week: Date },
): Promise<StaffDashboard> {
  const { db } = ctx;
  const dispatchStatuses = ['REQUESTED', 'ALLOCATED'];
  const labStatuses = ['RECEIVED_BY_LAB', ...LAB_STEPS];
  const [waiting, atLab, failed, released, consent] = await Promise.all([
    db
      .select({ status: kits.kitStatus, n: count(), oldest: min(kits.updatedAt) })
      .from(kits)
      .where(inArray(kits.kitStatus, dispatchStatuses))
      .groupBy(kits.kitStatus),
    db
      .select({ status: kits.sampleStatus, n: count(), oldest: min(kits.updatedAt) })
      .from(kits)
      .where(inArray(kits.sampleStatus, labStatuses))
      .groupBy(kits.sampleStatus),
    db
      .select({ status: kits.sampleStatus, n: count(), oldest: min(kits.updatedAt) })
      .from(kits)
      .where(and(inArray(kits.sampleStatus, [...LAB_FAILURES]), gte(kits.updatedAt, since.week)))
      .groupBy(kits.sampleStatus),
    db
      .select({ status: kits.sampleStatus, n: count(), oldest: min(kits.updatedAt) })
      .from(kits)
      .where(and(inArray(kits.sampleStatus, ['RESULTS_AVAILABLE']), gte(kits.updatedAt, since.today)))
      .groupBy(kits.sampleStatus),
    db
      .select({ n: count(), oldest: min(parentalConsentForms.createdAt) })
      .from(parentalConsentForms)
      .where(isNull(parentalConsentForms.reviewedAt)),
  ]);
  const waitingBy = byStatus(waiting);
  const labBy = byStatus(atLab);
  const failedBy = byStatus(failed);
  const weekFrom = since.week.toISOString();
  return {
    groups: [
      {
        title: 'Logistics',
        tiles: dispatchStatuses.map((status) =>
          tile(
            `kit-${status}`,
            `Waiting for dispatch: ${kitStatusWords(status)}`,
            waitingBy.get(status),
            kitListLink({ kitStatus: status }),
          ),
        ),
      },
      {
        title: 'Lab',
        tiles: labStatuses.map((status) =>
          tile(
            `sample-${status}`,
            status === 'RECEIVED_BY_LAB' ? 'Samples received, not yet in a lab step' : `In ${status}`,
            labBy.get(status),
            kitListLink({ sampleStatus: status }),
          ),
        ),
      },
      {
        title: 'Failures this week',
        tiles: LAB_FAILURES.map((status) =>
          tile(
            `failed-${status}`,
            status,
            failedBy.get(status),
            kitListLink({ sampleStatus: status, changedFrom: weekFrom }),
          ),
        ),
      },
      {
        title: 'Today',
        tiles: [
          tile(
            'released-today',
            'Reports released today',
            byStatus(released).get('RESULTS_AVAILABLE'),
            kitListLink({ sampleStatus: 'RESULTS_AVAILABLE', changedFrom: since.today.toISOString() }),
          ),
          tile(
            'consent-forms',
            'Consent forms waiting for review',
            { status: null, ...(consent[0] ?? { n: 0, oldest: null }) },
            CONSENT_REVIEW_LINK,
          ),
        ],
      },
    ],
  };
}
