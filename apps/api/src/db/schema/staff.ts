import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
