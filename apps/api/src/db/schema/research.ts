import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './kits.ts';
import { users } from './users.ts';

/** A research participant's membership of a project (joined with the project's participant code). */
export const projectMembers = pgTable(
  'project_members',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    // The console's participants of a project, newest first by keyset (issue 34 item 18).
    index('project_members_project_idx').on(t.projectId, t.joinedAt, t.userId),
  ],
);

/** Every request made while a support user views the portal as someone else (design.md §6). */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    statusCode: integer('status_code'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('impersonation_audit_subject_idx').on(t.subjectId, t.at)],
);

/**
 * A participant code the server issued to one participant (decision 021): bound to their email, kept
 * as a keyed hash of email and code, and spent by the first account that joins with it.
 */
export const participantCodes = pgTable(
  'participant_codes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('participant_codes_code_hash_key').on(t.codeHash)],
);
