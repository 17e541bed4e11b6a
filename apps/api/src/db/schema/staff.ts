import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every action taken by staff in the console or by the operator key (issue 24): who, what, which record,
 * before → after, when. `actorId` is null for the operator key; `actorLabel` keeps the name as it was
 * when the action was taken, so the log still reads after a staff account is renamed or closed.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The person the record belongs to, when there is one: they can read the entries about them. */
    subjectId: uuid('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_actor_idx').on(t.actorId, t.at),
    index('staff_audit_subject_idx').on(t.subjectId, t.at),
    index('staff_audit_entity_idx').on(t.entity, t.entityId, t.at),
  ],
);

/**
 * A staff account's console state, beside its `users` row (roles are the row's authorities): the TOTP
 * secret (sealed with the server secret; unconfirmed until the person enters a code), the last time
 * step accepted (a code works once), who invited them, and whether the account was disabled.
 */
export const staffMembers = pgTable('staff_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecretSealed: text('totp_secret_sealed'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  invitedBy: text('invited_by').notNull(),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the person first set a password through their invitation. */
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Wrong second-factor codes since the last right one, from every address (issue 32). */
  secondFactorFailures: integer('second_factor_failures').notNull().default(0),
  /** Set at the tenth wrong code: no TOTP code is taken until a recovery code or an ADMIN unlocks. */
  secondFactorLockedAt: timestamp('second_factor_locked_at', { withTimezone: true }),
});

/** Recovery codes, shown once and kept as SHA-256 hashes; each works once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Sessions (refresh-token families) that passed the second factor. The staff guard reads it on every
 * request, so a session that has not passed it opens nothing but the enrolment and the code screen.
 */
export const staffSessions = pgTable('staff_sessions', {
  familyId: uuid('family_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** TOTP or RECOVERY_CODE. */
  method: text('method').notNull(),
  passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * What an ADMIN sees of the session (issue 34 item 15), never a token or a full address: the browser
   * and system read from the user agent when the second factor was passed ("Chrome 131 on macOS"), the
   * network it came from (an IPv4 /24 or IPv6 /48), and the last console request (written at most once
   * a minute by the staff guard).
   */
  device: text('device'),
  network: text('network'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set when the session was ended for the member: SIGNED_OUT_BY_ADMIN (a forced sign-out) or DISABLED.
   * Its refresh tokens are revoked in the same transaction; the row stays so the member's next request
   * is told why, and the audit names the session.
   */
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedReason: text('ended_reason'),
});

/**
 * Support's case notes on a person (issue 34 item 13): what a caller said, what was promised. Written by
 * SUPPORT (and ADMIN); never shown to the person. The author's name is kept as written, like the audit.
 */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id'),
    authorLabel: text('author_label').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_notes_user_idx').on(t.userId, t.createdAt)],
);
