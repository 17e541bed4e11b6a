// Over 300 lines because checkout is one flow that must be read whole: the idempotency key's claim, the
// promo reservation, the charge with its 3-D Secure pause and resume, and the undo when the write fails.
import crypto from 'node:crypto';
import {
  canRequestReplacement,
  ERROR_CODES,
  formatMoney,
  normaliseReferralCode,
  ORDER_MESSAGES,
  type OrderResult,
  orderNumber,
  type orderRequestSchema,
  type PaymentAction,
  type Promo,
  paymentTechnicalMessage,
  planOf,
  priceOrder,
  toCents,
} from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { type ChargeResult, PaymentError, type PaymentProvider } from '../../adapters/payments/payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  idempotencyKeys,
  kits,
  orderItems,
  orders,
  paymentReconciliation,
  promoCodes,
  referralCodes,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { activateKit, createKits, giveKit, setKitStatus } from '../kits/index.ts';
import { receiptMail } from './order-mail.ts';

type OrderBody = z.output<typeof orderRequestSchema>;
type Stored = { status: number; body: unknown };

// ---- Promo codes -----------------------------------------------------------------------------

const toPromo = (row: typeof promoCodes.$inferSelect): Promo => ({
  code: row.code,
  type: row.type as Promo['type'],
  value: row.type === 'AMOUNT' ? row.value / 100 : row.value,
  remainingUsage: row.remainingUsage,
});

/** A usable promo code, or a clear refusal (unknown, used up). */
export async function findPromo(db: DbOrTx, raw: string): Promise<Promo> {
  const code = raw.trim().toUpperCase();
  const [row] = code ? await db.select().from(promoCodes).where(eq(promoCodes.code, code)) : [];
  if (!row) throw invalid(ORDER_MESSAGES.promoUnknown, { promotionalCode: ORDER_MESSAGES.promoUnknown });
  if (row.disabledAt)
    throw invalid(ORDER_MESSAGES.promoDisabled, { promotionalCode: ORDER_MESSAGES.promoDisabled });
  if (row.remainingUsage !== null && row.remainingUsage <= 0)
    throw invalid(ORDER_MESSAGES.promoUsedUp, { promotionalCode: ORDER_MESSAGES.promoUsedUp });
  return toPromo(row);
}

export async function createPromo(
  ctx: AppContext,
  input: { code: string; type: Promo['type']; value: number; remainingUsage: number | null },
) {
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,40}$/.test(code)) throw invalid('A promo code has 3 to 40 letters, digits, - or _.');
  if (input.type === 'PERCENTAGE' && (input.value <= 0 || input.value > 100))
    throw invalid('A percentage must be between 1 and 100.');
  const value = input.type === 'AMOUNT' ? toCents(input.value) : input.type === 'TRACKING' ? 0 : input.value;
  const [row] = await ctx.db
    .insert(promoCodes)
    .values({ code, type: input.type, value, remainingUsage: input.remainingUsage })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`The promo code ${code} already exists.`);
  return toPromo(row);
}

// ---- Orders ----------------------------------------------------------------------------------

function paymentFailure(error: PaymentError, supportPhone: string): AppError {
  if (error.kind === 'declined')
    return new AppError(402, ERROR_CODES.paymentRejected, ORDER_MESSAGES.paymentRejected);
  if (error.kind === 'technical')
    return new AppError(500, ERROR_CODES.paymentFailed, paymentTechnicalMessage(supportPhone));
  return new AppError(400, ERROR_CODES.cardError, error.message, { stripeToken: error.message });
}

/** Everything checked before any money moves; throws a clear 4xx when the order cannot be placed. */
async function prepareOrder(ctx: AppContext, userId: string, body: OrderBody) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (body.orderType === 'REPLACEMENT') {
    const [kit] = await ctx.db
      .select()
      .from(kits)
      .where(and(eq(kits.id, body.replacingKitId ?? 0), eq(kits.ownerId, userId)));
    if (!kit) throw notFound('We could not find that kit in your account.');
    if (!canRequestReplacement(kit)) throw conflict(ORDER_MESSAGES.replacementNotAllowed);
    if (body.orderItems.length !== 1 || body.orderItems[0]?.orderItemType !== 'KIT')
      throw invalid('A replacement order is for exactly one kit.');
  }
  const subscriptionItems = body.orderItems.filter((i) => i.orderItemType === 'SUBSCRIPTION');
  if (subscriptionItems.length > 1) throw invalid('Please choose one subscription plan.');
  const subscriptionItem = subscriptionItems[0];
  if (subscriptionItem) {
    if (body.orderType !== 'NEW') throw invalid('A subscription is a new order.');
    const plan = planOf(subscriptionItem.subscriptionType ?? '');
    if (!plan) throw invalid('Please choose a plan.');
    if (toCents(subscriptionItem.unitPrice) !== plan.priceCents) throw conflict(ORDER_MESSAGES.priceChanged);
    const [active] = await ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.consumerUserId, userId), isNull(subscriptions.cancelledAt)));
    if (active) throw conflict(ORDER_MESSAGES.subscriptionActive);
  }
  for (const item of body.orderItems) {
    if (!item.referralCode) continue;
    const code = normaliseReferralCode(item.referralCode);
    const [ref] = await ctx.db
      .select()
      .from(referralCodes)
      .where(and(eq(referralCodes.code, code), eq(referralCodes.active, true)));
    if (!ref) throw invalid('We could not find that referral code. Please check it with your practitioner.');
  }
  const promoCode = body.orderItems.find((i) => i.promotionalCode?.trim())?.promotionalCode ?? null;
  const promo = promoCode ? await findPromo(ctx.db, promoCode) : null;
  const priced = priceOrder(body, promo);
  if (toCents(body.amount) !== priced.totalCents)
    throw conflict(`${ORDER_MESSAGES.priceChanged} (Total: ${formatMoney(priced.totalCents)})`);
  return { user, promo, priced, subscriptionItem };
}

/**
 * Takes one use of a limited promo code before the card is charged, in a statement of its own (so the row
 * is held only for that statement): of twenty orders racing for the last use, one gets it and is charged,
 * the others are refused without a charge. A failed charge or order write gives the use back.
 */
async function reservePromo(db: DbOrTx, code: string) {
  const taken = await db
    .update(promoCodes)
    .set({ remainingUsage: sql`${promoCodes.remainingUsage} - 1` })
    .where(
      and(eq(promoCodes.code, code), sql`${promoCodes.remainingUsage} > 0`, isNull(promoCodes.disabledAt)),
    )
    .returning({ code: promoCodes.code });
  if (taken.length === 0)
    throw invalid(ORDER_MESSAGES.promoUsedUp, { promotionalCode: ORDER_MESSAGES.promoUsedUp });
}

async function releasePromo(db: DbOrTx, code: string) {
  await db
    .update(promoCodes)
    .set({ remainingUsage: sql`${promoCodes.remainingUsage} + 1` })
    .where(eq(promoCodes.code, code));
}

const requestHash = (body: OrderBody) =>
  crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** A payment parked for 3-D Secure: what the resumed request needs, kept with the Idempotency-Key. */
type Parked = { paymentId: string; customer: string | null };

type Claim = { stored: Stored } | { resume: Parked } | null;

/**
 * Claims an Idempotency-Key. Returns a stored answer when this request was already handled, or the
 * parked payment when it waits for 3-D Secure (taken over atomically, so two resumed requests cannot
 * both place the order).
 */
async function claimKey(ctx: AppContext, userId: string, key: string, hash: string): Promise<Claim> {
  const [claimed] = await ctx.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash, state: 'IN_PROGRESS' })
    .onConflictDoNothing()
    .returning();
  if (claimed) return null;
  const [existing] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!existing) throw conflict(ORDER_MESSAGES.inProgress);
  if (existing.requestHash !== hash)
    throw new AppError(422, ERROR_CODES.idempotencyConflict, ORDER_MESSAGES.idempotencyMismatch);
  if (existing.state === 'DONE' && existing.responseStatus)
    return { stored: { status: existing.responseStatus, body: existing.responseBody } };
  if (existing.state === 'REQUIRES_ACTION') {
    const [resumed] = await ctx.db
      .update(idempotencyKeys)
      .set({ state: 'IN_PROGRESS' })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'REQUIRES_ACTION'),
        ),
      )
      .returning();
    if (resumed) return { resume: resumed.responseBody as Parked };
  }
  throw conflict(ORDER_MESSAGES.inProgress);
}

/** Parks the order while the person authenticates; nothing is held meanwhile (the promo use goes back). */
async function parkKey(ctx: AppContext, userId: string, key: string, parked: Parked) {
  await ctx.db
    .update(idempotencyKeys)
    .set({ state: 'REQUIRES_ACTION', responseBody: parked })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

const releaseKey = (ctx: AppContext, userId: string, key: string) =>
  ctx.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

/**
 * postOrder, exactly once: the Idempotency-Key is claimed first and a limited promo code's use reserved,
 * the card charged with the same key at the provider, then order, items, kits and receipt are written in
 * one transaction. If that write fails the charge is refunded, or recorded for reconciliation when the
 * refund fails too, and the promo use is given back.
 *
 * A card that asks for 3-D Secure answers 202 with the client secret and parks the key (decision 032).
 * The browser authenticates, then sends the same request again: the server asks the provider how the
 * payment ended (never the browser), and places the order only when it succeeded.
 */
export async function placeOrder(
  ctx: AppContext,
  payments: PaymentProvider,
  userId: string,
  body: OrderBody,
  idempotencyKey: string | undefined,
): Promise<Stored> {
  if (!idempotencyKey || !/^[\w-]{8,100}$/.test(idempotencyKey))
    throw invalid(ORDER_MESSAGES.idempotencyMissing);
  const claim = await claimKey(ctx, userId, idempotencyKey, requestHash(body));
  if (claim && 'stored' in claim) return claim.stored;
  const resume = claim?.resume ?? null;

  let paymentId: string | null = null;
  let reserved: Promo | null = null;
  try {
    // Resumed: how the payment ended comes first, so a payment taken is refunded if the order now fails.
    let charged: ChargeResult | null = resume ? await payments.retrieve(resume.paymentId) : null;
    if (charged?.status === 'succeeded') paymentId = charged.paymentId;
    const { user, promo, priced, subscriptionItem } = await prepareOrder(ctx, userId, body);
    let customer: string | null = resume?.customer ?? null;
    if (!charged) {
      if (promo && promo.remainingUsage !== null) {
        await reservePromo(ctx.db, promo.code);
        reserved = promo;
      }
      if (subscriptionItem) {
        customer = await payments.saveCard(body.stripeToken, user.email, `${idempotencyKey}-card`);
      }
      charged =
        priced.totalCents > 0
          ? await payments.charge({
              amountCents: priced.totalCents,
              source: customer ? { customer } : { token: body.stripeToken },
              description: body.description ?? `${ctx.mail.brand} order`,
              idempotencyKey,
            })
          : { status: 'succeeded', paymentId: `free-${idempotencyKey}` };
    }
    if (charged.status === 'requires_action') {
      if (reserved) await releasePromo(ctx.db, reserved.code);
      reserved = null;
      await parkKey(ctx, userId, idempotencyKey, { paymentId: charged.paymentId, customer });
      const action: PaymentAction = { requiresAction: true, clientSecret: charged.clientSecret };
      return { status: 202, body: action };
    }
    paymentId = charged.paymentId;
    // Resumed after 3-D Secure: the promo use was given back while the person authenticated.
    if (resume && promo && promo.remainingUsage !== null) {
      await reservePromo(ctx.db, promo.code);
      reserved = promo;
    }
    const chargedId = paymentId;
    const result = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          orderType: body.orderType,
          purchaserEmail: body.purchaserEmail,
          purchaserFirstName: body.purchaserFirstName,
          purchaserLastName: body.purchaserLastName,
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          amountCents: priced.totalCents,
          promoCode: promo?.code ?? null,
          provider: payments.name,
          paymentId: chargedId,
          description: body.description ?? null,
          replacingKitId: body.replacingKitId ?? null,
        })
        .returning();
      if (!order) throw new Error('order insert returned nothing');

      const kitIds: number[] = [];
      let subscriptionId: number | null = null;
      for (const item of body.orderItems) {
        let kitId: number | null = null;
        if (item.orderItemType === 'KIT') {
          const [kit] = await createKits(txCtx, {
            count: 1,
            projectId: 1,
            ownerEmail: user.email,
            actor: userId,
          });
          if (!kit) throw new Error('kit not created');
          kitId = kit.id;
          // The kit carries the buyer's referral from registration, unless the item names one; a kit
          // given to someone else is theirs, so it does not carry the buyer's practitioner.
          if (item.referralCode || item.email)
            await tx
              .update(kits)
              .set({ referralCode: item.referralCode ? normaliseReferralCode(item.referralCode) : null })
              .where(eq(kits.id, kit.id));
          if (body.orderType === 'REPLACEMENT' && body.replacingKitId) {
            await setKitStatus(txCtx, body.replacingKitId, { kitStatus: 'REPLACED' }, userId);
            await tx.update(kits).set({ replacesKitId: body.replacingKitId }).where(eq(kits.id, kit.id));
          }
          if (item.email) await giveKit(txCtx, userId, { receiverEmail: item.email, kitId: kit.id });
        } else if (item.deliveryAddress) {
          const plan = planOf(item.subscriptionType ?? '');
          if (!plan) throw invalid('Please choose a plan.');
          const [kit] = await createKits(txCtx, {
            count: 1,
            projectId: 1,
            ownerEmail: user.email,
            actor: userId,
          });
          if (!kit) throw new Error('kit not created');
          kitId = kit.id;
          await activateKit(txCtx, userId, kit.id, item.deliveryAddress);
          const next = new Date();
          next.setUTCMonth(next.getUTCMonth() + plan.intervalMonths);
          const [sub] = await tx
            .insert(subscriptions)
            .values({
              consumerUserId: userId,
              orderId: order.id,
              subscriptionType: plan.type,
              unitPriceCents: plan.priceCents,
              intervalMonths: plan.intervalMonths,
              paymentCustomer: customer ?? body.stripeToken,
              provider: payments.name,
              addressLine1: item.deliveryAddress.addressLine1,
              addressLine2: item.deliveryAddress.addressLine2 ?? null,
              suburb: item.deliveryAddress.suburb,
              state: item.deliveryAddress.state,
              postcode: item.deliveryAddress.postcode,
              nextRenewalAt: next,
            })
            .returning({ id: subscriptions.id });
          subscriptionId = sub?.id ?? null;
        }
        if (kitId) kitIds.push(kitId);
        await tx.insert(orderItems).values({
          orderId: order.id,
          orderItemType: item.orderItemType,
          deliveryOption: item.deliveryOption,
          unitPriceCents: toCents(item.unitPrice),
          subscriptionType: item.subscriptionType ?? null,
          email: item.email ?? null,
          referralCode: item.referralCode ? normaliseReferralCode(item.referralCode) : null,
          kitId,
        });
      }
      await queueMail(
        ctx,
        tx,
        'order-receipt',
        receiptMail(
          ctx.mail,
          { email: body.purchaserEmail, firstName: body.purchaserFirstName },
          {
            number: orderNumber(order.id),
            ...priced,
          },
        ),
      );
      const response: OrderResult = {
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        orderType: body.orderType,
        amount: priced.totalCents / 100,
        discount: priced.discountCents / 100,
        paymentId: chargedId,
        kitIds,
        subscriptionId,
      };
      await tx
        .update(idempotencyKeys)
        .set({ state: 'DONE', responseStatus: 201, responseBody: response })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
      return response;
    });
    return { status: 201, body: result };
  } catch (error) {
    if (paymentId && !paymentId.startsWith('free-'))
      await undoCharge(ctx, payments, paymentId, userId, error);
    if (reserved) await releasePromo(ctx.db, reserved.code);
    await releaseKey(ctx, userId, idempotencyKey);
    if (error instanceof PaymentError) throw paymentFailure(error, ctx.config.supportPhone);
    throw error;
  }
}

async function undoCharge(
  ctx: AppContext,
  payments: PaymentProvider,
  paymentId: string,
  userId: string,
  cause: unknown,
) {
  try {
    await payments.refund(paymentId);
  } catch {
    await ctx.db.insert(paymentReconciliation).values({
      provider: payments.name,
      paymentId,
      amountCents: 0,
      userId,
      reason: `order write failed (${String((cause as Error)?.message ?? cause).slice(0, 200)}) and the refund failed`,
    });
  }
}
