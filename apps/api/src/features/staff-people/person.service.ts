import {
  describeSupportRequest,
  isStaffRole,
  orderNumber,
  PEOPLE_MESSAGES,
  type PersonPage,
} from '@portal/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { outboxStatus } from '../../adapters/mail/bounces.ts';
import {
  consentResponses,
  consents,
  impersonationAudit,
  kits,
  orders,
  outbox,
  parentalConsentForms,
  staffAudit,
  staffMembers,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { seesStaff } from './people-search.service.ts';

/** How many of each list the page shows, newest first. */
const SHOWN = 50;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether the account is a staff account (invited, active or disabled). */
async function isStaffAccount(ctx: AppContext, id: string) {
  const [member] = await ctx.db
    .select({ id: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.userId, id));
  return member !== undefined;
}

/** The person's row, or 404. */
export async function personRow(ctx: AppContext, id: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(PEOPLE_MESSAGES.personNotFound);
  return user;
}

/**
 * A person's page for support: profile, kits, orders, subscriptions, consents (with the parental
 * consent forms), the emails sent to them (the outbox) and the access log (staff actions about them and
 * the support views of their portal). Reading it is itself audited, so the person sees who looked.
 */
export async function personPage(ctx: AppContext, principal: Principal, id: string): Promise<PersonPage> {
  const user = await personRow(ctx, id);
  // A colleague's page is for ADMIN only, as the search finds them for ADMIN only (issue 32).
  if (!seesStaff(principal) && (await isStaffAccount(ctx, id)))
    throw notFound(PEOPLE_MESSAGES.personNotFound);
  const { db } = ctx;
  const [kitRows, orderRows, subscriptionRows, forms, answers, emails, staffEntries, views] =
    await Promise.all([
      db.select().from(kits).where(eq(kits.ownerId, id)).orderBy(desc(kits.updatedAt)).limit(SHOWN),
      db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(SHOWN),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.consumerUserId, id))
        .orderBy(desc(subscriptions.id)),
      db
        .select({
          id: parentalConsentForms.id,
          createdAt: parentalConsentForms.createdAt,
          contentType: parentalConsentForms.contentType,
          size: parentalConsentForms.size,
          reviewedAt: parentalConsentForms.reviewedAt,
          approved: parentalConsentForms.approved,
        })
        .from(parentalConsentForms)
        .where(eq(parentalConsentForms.userId, id))
        .orderBy(desc(parentalConsentForms.id)),
      db
        .select({
          title: consents.title,
          consented: consentResponses.consented,
          at: consentResponses.createdAt,
        })
        .from(consentResponses)
        .innerJoin(consents, eq(consents.id, consentResponses.consentId))
        .where(and(eq(consentResponses.consenterId, id), eq(consentResponses.consenterType, 'USER')))
        .orderBy(desc(consentResponses.id))
        .limit(SHOWN),
      db
        .select({
          id: outbox.id,
          subject: outbox.subject,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          bounce: outbox.bounce,
          lastError: outbox.lastError,
        })
        .from(outbox)
        // A withheld row (past its quota, decision 043) is no mail.
        .where(and(eq(outbox.to, user.email), eq(outbox.withheld, false)))
        .orderBy(desc(outbox.id))
        .limit(SHOWN),
      db
        .select({
          at: staffAudit.at,
          who: staffAudit.actorLabel,
          action: staffAudit.action,
          entity: staffAudit.entity,
          entityId: staffAudit.entityId,
        })
        .from(staffAudit)
        .where(eq(staffAudit.subjectId, id))
        .orderBy(desc(staffAudit.at))
        .limit(SHOWN),
      db
        .select({
          at: impersonationAudit.at,
          method: impersonationAudit.method,
          route: impersonationAudit.route,
          who: sql<
            string | null
          >`${users.firstName} || ' ' || ${users.lastName} || ' <' || ${users.email} || '>'`,
        })
        .from(impersonationAudit)
        .leftJoin(users, eq(users.id, impersonationAudit.actorId))
        .where(eq(impersonationAudit.subjectId, id))
        .orderBy(desc(impersonationAudit.at))
        .limit(SHOWN),
    ]);
  const accessLog = [
    ...staffEntries.map((e) => ({ at: e.at, who: e.who, what: `${e.action} (${e.entity} ${e.entityId})` })),
    ...views.map((v) => ({
      at: v.at,
      who: v.who ?? 'A support account that no longer exists',
      what: `Support view: ${describeSupportRequest(v.method, v.route)}`,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, SHOWN)
    .map((e) => ({ ...e, at: e.at.toISOString() }));
  const address = [user.addressLine1, user.addressLine2, user.suburb, user.state, user.postcode]
    .filter(Boolean)
    .join(', ');

  await recordStaffAction(db, principal, {
    action: 'person.view',
    entity: 'user',
    entityId: id,
    subjectId: id,
  });
  return {
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      dateOfBirth: user.dateOfBirth,
      gender: user.gender,
      userType: user.userType,
      underAge: user.underAge,
      guardian: user.guardian,
      address: address || null,
      emailVerified: user.emailVerifiedAt !== null,
      createdAt: user.createdAt.toISOString(),
      isStaff: user.authorities.some(isStaffRole),
    },
    kits: kitRows.map((k) => ({
      id: k.id,
      sampleIdentifier: k.sampleIdentifier,
      name: k.name,
      kitStatus: k.kitStatus,
      sampleStatus: k.sampleStatus,
      updatedAt: k.updatedAt.toISOString(),
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      number: orderNumber(o.id),
      createdAt: o.createdAt.toISOString(),
      amountCents: o.amountCents,
      description: o.description,
    })),
    subscriptions: subscriptionRows.map((s) => ({
      id: s.id,
      subscriptionType: s.subscriptionType,
      nextRenewalAt: s.nextRenewalAt.toISOString(),
      cancelledAt: iso(s.cancelledAt),
      lastRenewalError: s.lastRenewalError,
    })),
    consents: {
      parentConsented: user.parentConsented,
      forms: forms.map((f) => ({
        id: f.id,
        uploadedAt: f.createdAt.toISOString(),
        contentType: f.contentType,
        size: f.size,
        reviewedAt: iso(f.reviewedAt),
        approved: f.approved,
      })),
      answers: answers.map((a) => ({ title: a.title, consented: a.consented, at: a.at.toISOString() })),
    },
    emails: emails.map((m) => ({
      id: m.id,
      subject: m.subject,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
      ...outboxStatus(m),
    })),
    emailUndeliverable: user.emailUndeliverableAt !== null,
    accessLog,
  };
}
