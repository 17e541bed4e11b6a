import { kitDisplayName } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { kitEvents, kits, projects, sentKits } from '../../db/schema/index.ts';
import { ownerStatuses, ownerTimeline, resultsKeptFromOwner } from '../kits/index.ts';
import { exportFile, iso, json } from './export-format.ts';

/** The person's kits with their project's name, as the other parts of the export read them. */
export type ExportKit = {
  kit: typeof kits.$inferSelect;
  projectName: string;
  resultDeliveryType: string | null;
};

/** The person's kits, oldest first. */
export const ownKits = (db: Db, userId: string): Promise<ExportKit[]> =>
  db
    .select({ kit: kits, projectName: projects.name, resultDeliveryType: projects.resultDeliveryType })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(eq(kits.ownerId, userId))
    .orderBy(asc(kits.id));

/** kits.json: every kit with its timeline, and the kits the person gave away. */
export async function kitsFile(db: Db, userId: string, kitRows: ExportKit[]) {
  const kitIds = kitRows.map((k) => k.kit.id);
  const events = kitIds.length
    ? await db
        .select()
        .from(kitEvents)
        .where(inArray(kitEvents.kitId, kitIds))
        .orderBy(asc(kitEvents.at), asc(kitEvents.id))
    : [];
  const given = await db
    .select({
      kitId: sentKits.kitId,
      receiverEmail: sentKits.receiverEmail,
      requestedAt: sentKits.requestedAt,
      redeemedAt: sentKits.redeemedAt,
    })
    .from(sentKits)
    .where(eq(sentKits.giverId, userId));
  return exportFile(
    'kits.json',
    json({
      kits: kitRows.map(({ kit, projectName, resultDeliveryType }) => {
        // Results the kit's project keeps are not in the export either (as on every page).
        const project = { resultDeliveryType };
        const shown = ownerStatuses(kit, project);
        const kept = resultsKeptFromOwner(kit, project);
        return {
          id: kit.id,
          name: kitDisplayName(kit),
          project: projectName,
          sampleIdentifier: kit.sampleIdentifier,
          kitStatus: shown.kitStatus,
          sampleStatus: shown.sampleStatus,
          redeemedAt: iso(kit.redeemedAt),
          activatedAt: iso(kit.activatedAt),
          displayDate: shown.displayDate,
          notes: kit.notes,
          shipping: {
            firstName: kit.shipFirstName,
            lastName: kit.shipLastName,
            addressLine1: kit.shipAddressLine1,
            addressLine2: kit.shipAddressLine2,
            suburb: kit.shipSuburb,
            state: kit.shipState,
            postcode: kit.shipPostcode,
          },
          createdAt: kit.createdAt.toISOString(),
          timeline: ownerTimeline(
            events.filter((e) => e.kitId === kit.id),
            kept,
          ).map((e) => ({ event: e.eventType, at: e.at.toISOString() })),
        };
      }),
      givenToOthers: given.map((g) => ({
        kitId: g.kitId,
        receiverEmail: g.receiverEmail,
        requestedAt: g.requestedAt.toISOString(),
        redeemedAt: iso(g.redeemedAt),
      })),
    }),
  );
}
