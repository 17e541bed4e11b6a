import {
  canRequestReplacement,
  orderNumber,
  STAFF_REPLACEMENT_MESSAGES,
  type StaffReplacement,
  type StaffReplacementResult,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { kits, orderItems, orders, projects, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { activateKit, createKits, setKitStatus } from '../kits/index.ts';
import { notify } from '../notifications/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * Support orders a replacement kit on a customer's behalf (issue 34 item 12), in one transaction that
 * holds the failed kit's row: the same rule as the customer's own replacement order (a failed sample),
 * a free REPLACEMENT order in the customer's name, the new kit bought by the staff member (its PURCHASED
 * event names them), the failed kit REPLACED, the new kit sent to where the failed one went (when the
 * project posts kits and that address is known), the audit entry with the reason, and the email. A second
 * click finds the kit REPLACED and changes nothing.
 */
export async function orderReplacementFor(
  ctx: AppContext,
  principal: Principal,
  request: StaffReplacement,
): Promise<StaffReplacementResult> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const [kit] = await tx.select().from(kits).where(eq(kits.id, request.kitId)).for('update');
    if (!kit?.ownerId) throw notFound(STAFF_REPLACEMENT_MESSAGES.kitNotFound);
    if (kit.kitStatus === 'REPLACED') throw conflict(STAFF_REPLACEMENT_MESSAGES.alreadyReplaced);
    if (!canRequestReplacement(kit)) throw conflict(STAFF_REPLACEMENT_MESSAGES.notReplaceable);
    const [owner] = await tx.select().from(users).where(eq(users.id, kit.ownerId));
    if (!owner) throw notFound(STAFF_REPLACEMENT_MESSAGES.kitNotFound);
    const [project] = await tx.select().from(projects).where(eq(projects.id, kit.projectId));

    const [order] = await tx
      .insert(orders)
      .values({
        userId: owner.id,
        orderType: 'REPLACEMENT',
        purchaserEmail: owner.email,
        purchaserFirstName: owner.firstName,
        purchaserLastName: owner.lastName,
        subtotalCents: 0,
        discountCents: 0,
        amountCents: 0,
        provider: 'staff',
        paymentId: `free-staff-replacement-${kit.id}`,
        description: `Replacement of KIT-${kit.id}, ordered by support`,
        replacingKitId: kit.id,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    const [created] = await createKits(txCtx, {
      count: 1,
      projectId: kit.projectId,
      ownerEmail: owner.email,
      actor: principal.userId,
    });
    if (!created) throw new Error('kit not created');
    await setKitStatus(txCtx, kit.id, { kitStatus: 'REPLACED' }, principal.userId);
    await tx.update(kits).set({ replacesKitId: kit.id }).where(eq(kits.id, created.id));
    const sent =
      Boolean(kit.shipAddressLine1 && kit.shipSuburb && kit.shipState && kit.shipPostcode) &&
      project?.logisticType !== 'CLIENT_MANAGED';
    if (sent)
      await activateKit(txCtx, owner.id, created.id, {
        firstName: kit.shipFirstName ?? undefined,
        lastName: kit.shipLastName ?? undefined,
        addressLine1: kit.shipAddressLine1 ?? '',
        addressLine2: kit.shipAddressLine2,
        suburb: kit.shipSuburb ?? '',
        state: kit.shipState ?? '',
        postcode: kit.shipPostcode ?? '',
        gnafId: kit.shipGnafId,
      });
    await tx.insert(orderItems).values({
      orderId: order.id,
      orderItemType: 'KIT',
      deliveryOption: sent ? 'SEND_NOW_MY_ADDRESS' : 'SEND_LATER',
      unitPriceCents: 0,
      kitId: created.id,
    });
    const number = orderNumber(order.id);
    await recordStaffAction(tx, principal, {
      action: 'kit.replacement.order',
      entity: 'kit',
      entityId: String(kit.id),
      subjectId: owner.id,
      before: { kitStatus: kit.kitStatus },
      after: {
        kitStatus: 'REPLACED',
        replacementKitId: created.id,
        order: number,
        sent,
        reason: request.reason,
      },
    });
    // The customer is told: in their inbox, and by email (issue 35).
    await notify(ctx, tx, owner.id, {
      kind: 'kit-replacement',
      failedKitId: kit.id,
      kitId: created.id,
      sent,
      supportEmail: ctx.mail.supportEmail,
    });
    return {
      kitId: created.id,
      orderNumber: number,
      sent,
      message: STAFF_REPLACEMENT_MESSAGES.ordered(created.id, number, sent),
    };
  });
}
