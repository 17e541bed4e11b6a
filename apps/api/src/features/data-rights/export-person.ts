import { describeSupportRequest } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  consentResponses,
  consents,
  impersonationAudit,
  orderItems,
  orders,
  parentalConsentForms,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { listEmailPreferences } from '../email-preferences/index.ts';
import { csv, exportFile, iso, json } from './export-format.ts';
import type { FhirConsent } from './fhir.ts';

type User = typeof users.$inferSelect;

const DEPENDANT_NOTE =
  'This is a parent or guardian account: its kits, answers and reports are your dependant’s, and are all in this export.';

/**
 * profile.json: the person, their consents, orders and subscriptions (no card data). Also returns the
 * consent answers as the FHIR bundle states them.
 */
export async function profileFile(db: Db, user: User, now: Date, reportsShown: boolean) {
  const userId = user.id;
  const consentRows = await db
    .select({
      id: consentResponses.id,
      consentId: consentResponses.consentId,
      title: consents.title,
      flowId: consents.flowId,
      version: consentResponses.consentVersion,
      consented: consentResponses.consented,
      withdrawal: consentResponses.withdrawal,
      consenterType: consentResponses.consenterType,
      document: consents.document,
      actor: consentResponses.actor,
      page: consentResponses.page,
      at: consentResponses.createdAt,
    })
    .from(consentResponses)
    .innerJoin(consents, eq(consents.id, consentResponses.consentId))
    .where(eq(consentResponses.consenterId, userId))
    .orderBy(asc(consentResponses.createdAt), asc(consentResponses.id));
  const parentalForms = await db
    .select({
      createdAt: parentalConsentForms.createdAt,
      reviewedAt: parentalConsentForms.reviewedAt,
      approved: parentalConsentForms.approved,
      contentType: parentalConsentForms.contentType,
      size: parentalConsentForms.size,
    })
    .from(parentalConsentForms)
    .where(eq(parentalConsentForms.userId, userId));
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const itemRows = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
    : [];
  const subscriptionRows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.consumerUserId, userId))
    .orderBy(asc(subscriptions.id));
  const renewalRows = subscriptionRows.length
    ? await db
        .select()
        .from(subscriptionRenewals)
        .where(
          inArray(
            subscriptionRenewals.subscriptionId,
            subscriptionRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(subscriptionRenewals.id))
    : [];
  const { preferences } = await listEmailPreferences(db, userId);

  const file = exportFile(
    'profile.json',
    json({
      generatedAt: now.toISOString(),
      person: personOf(user),
      ...(user.guardian ? { dependant: DEPENDANT_NOTE } : {}),
      reportsIncluded: reportsShown,
      consents: consentRows.map((c) => ({
        consentId: c.consentId,
        title: c.title,
        flowId: c.flowId,
        version: c.version,
        answer: c.withdrawal ? 'WITHDRAWN' : c.consented ? 'AGREED' : 'DECLINED',
        consenterType: c.consenterType,
        answeredBy: c.actor,
        page: c.page,
        at: c.at.toISOString(),
      })),
      emailPreferences: preferences,
      parentalConsentForms: parentalForms.map((f) => ({
        uploadedAt: f.createdAt.toISOString(),
        reviewedAt: iso(f.reviewedAt),
        approved: f.approved,
        contentType: f.contentType,
        size: f.size,
      })),
      orders: orderRows.map((o) => ({
        id: o.id,
        orderType: o.orderType,
        purchaserEmail: o.purchaserEmail,
        purchaserFirstName: o.purchaserFirstName,
        purchaserLastName: o.purchaserLastName,
        subtotalCents: o.subtotalCents,
        discountCents: o.discountCents,
        amountCents: o.amountCents,
        promoCode: o.promoCode,
        paymentProvider: o.provider,
        description: o.description,
        replacingKitId: o.replacingKitId,
        createdAt: o.createdAt.toISOString(),
        items: itemRows
          .filter((i) => i.orderId === o.id)
          .map((i) => ({
            type: i.orderItemType,
            deliveryOption: i.deliveryOption,
            unitPriceCents: i.unitPriceCents,
            subscriptionType: i.subscriptionType,
            giftEmail: i.email,
            referralCode: i.referralCode,
            kitId: i.kitId,
          })),
      })),
      // The provider's saved-card reference (paymentCustomer) is card data: it is not exported.
      subscriptions: subscriptionRows.map((s) => ({
        id: s.id,
        orderId: s.orderId,
        subscriptionType: s.subscriptionType,
        unitPriceCents: s.unitPriceCents,
        intervalMonths: s.intervalMonths,
        paymentProvider: s.provider,
        address: {
          addressLine1: s.addressLine1,
          addressLine2: s.addressLine2,
          suburb: s.suburb,
          state: s.state,
          postcode: s.postcode,
        },
        renewals: s.renewals,
        // Each renewal's charge with the kit it paid for; the provider's payment reference stays out.
        renewalCharges: renewalRows
          .filter((r) => r.subscriptionId === s.id)
          .map((r) => ({ kitId: r.kitId, amountCents: r.amountCents, chargedAt: r.createdAt.toISOString() })),
        nextRenewalAt: s.nextRenewalAt.toISOString(),
        cancelledAt: iso(s.cancelledAt),
        createdAt: s.createdAt.toISOString(),
      })),
    }),
  );
  const fhirConsents: FhirConsent[] = consentRows.map((c) => ({
    id: c.id,
    title: c.title,
    version: c.version,
    consented: c.consented,
    withdrawal: c.withdrawal,
    at: c.at.toISOString(),
    consentId: c.consentId,
    document: c.document,
    guardian: c.actor === 'GUARDIAN',
    page: c.page,
  }));
  // consent-ledger.csv (issue 36): every answer, oldest first, with who gave it and through which page.
  const ledger = exportFile(
    'consent-ledger.csv',
    csv([
      ['at', 'document', 'kind', 'document_id', 'version', 'answer', 'answered_by', 'page'],
      ...consentRows.map((c) => [
        c.at.toISOString(),
        c.title,
        c.document,
        c.consentId,
        c.version,
        c.withdrawal ? 'WITHDRAWN' : c.consented ? 'AGREED' : 'DECLINED',
        c.actor === 'GUARDIAN' ? 'parent or guardian' : 'you',
        c.page,
      ]),
    ]),
  );
  return { file, fhirConsents, ledger };
}

/** The person's own details as profile.json states them. */
const personOf = (user: User) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  gender: user.gender,
  dateOfBirth: user.dateOfBirth,
  phoneNumber: user.phoneNumber,
  userType: user.userType,
  underAge: user.underAge,
  guardianAccount: user.guardian,
  guardianFirstName: user.guardianFirstName,
  guardianLastName: user.guardianLastName,
  parentConsented: user.parentConsented,
  agreeToDataUsage: user.agreeToDataUsage,
  address: {
    addressLine1: user.addressLine1,
    addressLine2: user.addressLine2,
    suburb: user.suburb,
    state: user.state,
    postcode: user.postcode,
    country: user.country,
  },
  participantCode: user.participantCode,
  referralCode: user.referralCode,
  emailVerifiedAt: iso(user.emailVerifiedAt),
  createdAt: iso(user.createdAt),
  updatedAt: iso(user.updatedAt),
});

/** The person as the FHIR bundle's Patient states them. */
export const fhirPersonOf = (user: User) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  gender: user.gender,
  dateOfBirth: user.dateOfBirth,
  phoneNumber: user.phoneNumber,
  address: user.addressLine1
    ? {
        line: [user.addressLine1, ...(user.addressLine2 ? [user.addressLine2] : [])],
        city: user.suburb,
        state: user.state,
        postalCode: user.postcode,
        country: user.country,
      }
    : null,
});

/** access-log.csv: every support view of the account (the audit of support views). */
export async function accessLogFile(db: Db, userId: string) {
  const views = await db
    .select({
      at: impersonationAudit.at,
      method: impersonationAudit.method,
      route: impersonationAudit.route,
      statusCode: impersonationAudit.statusCode,
      actorFirst: users.firstName,
      actorLast: users.lastName,
    })
    .from(impersonationAudit)
    .leftJoin(users, eq(users.id, impersonationAudit.actorId))
    .where(eq(impersonationAudit.subjectId, userId))
    .orderBy(asc(impersonationAudit.at), asc(impersonationAudit.id));
  return exportFile(
    'access-log.csv',
    csv([
      ['at', 'support_person', 'what', 'method', 'route', 'status', 'refused'],
      ...views.map((v) => [
        v.at.toISOString(),
        v.actorFirst ? `${v.actorFirst} ${v.actorLast}` : null,
        describeSupportRequest(v.method, v.route),
        v.method,
        v.route,
        v.statusCode,
        v.statusCode === null || v.statusCode >= 400 ? 'yes' : 'no',
      ]),
    ]),
  );
}
