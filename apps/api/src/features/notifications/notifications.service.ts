import {
  type DeliveryStatus,
  NOTIFICATION_TEXTS,
  type Notification,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationList,
} from '@portal/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationDeliveries, notifications, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The inbox shows this many of the newest messages. */
export const INBOX_LIMIT = 100;

type Row = typeof notifications.$inferSelect;

async function withDeliveries(db: DbOrTx, rows: Row[]): Promise<Notification[]> {
  const ids = rows.map((r) => r.id);
  const deliveries = ids.length
    ? await db
        .select()
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.notificationId, ids))
        .orderBy(notificationDeliveries.id)
    : [];
  return rows.map((r) => ({
    id: r.id,
    category: r.category as NotificationCategory,
    subject: r.subject,
    body: r.body,
    link: r.link,
    actionLabel: r.actionLabel,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
    deliveries: deliveries
      .filter((d) => d.notificationId === r.id)
      .map((d) => ({
        channel: d.channel as NotificationChannel,
        status: d.status as DeliveryStatus,
        detail: d.detail,
        at: d.updatedAt.toISOString(),
      })),
  }));
}

/** The bell: how many unread messages, and whether the person's address is marked undeliverable. */
export async function unreadCount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`(select count(*)::int from notifications n where n.user_id = ${userId}::uuid and n.read_at is null)`,
      undeliverable: users.emailUndeliverableAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { unread: Number(row?.unread ?? 0), emailUndeliverable: Boolean(row?.undeliverable) };
}

/** The person's inbox, newest first, with each message's deliveries. */
export async function listNotifications(db: DbOrTx, userId: string): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(INBOX_LIMIT);
  return { notifications: await withDeliveries(db, rows), ...(await unreadCount(db, userId)) };
}

/** One of the person's messages, marked read (opening it reads it). Another person's is not found. */
export async function openNotification(db: DbOrTx, userId: string, id: number, markRead: boolean) {
  const where = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [row] = markRead
    ? await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(where)
        .returning()
    : await db.select().from(notifications).where(where);
  if (!row) throw notFound(NOTIFICATION_TEXTS.notFound);
  const [notification] = await withDeliveries(db, [row]);
  return notification as Notification;
}

/** Marks every unread message of the person read. */
export async function markAllRead(db: DbOrTx, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unreadCount(db, userId);
}

/** The person says their address is right: mail is tried again (the banner goes). */
export async function confirmEmailAddress(db: DbOrTx, userId: string) {
  await db.update(users).set({ emailUndeliverableAt: null }).where(eq(users.id, userId));
  return { message: NOTIFICATION_TEXTS.addressConfirmed };
}

/** Staff: a person's messages with their deliveries (the People page). */
export async function notificationsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(INBOX_LIMIT);
  return withDeliveries(db, rows);
}
