import {
  apiErrorSchema,
  messageResponseSchema,
  notificationListSchema,
  notificationSchema,
  unreadCountSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import {
  confirmEmailAddress,
  listNotifications,
  markAllRead,
  openNotification,
  unreadCount,
} from './notifications.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The inbox (issue 35 item 2): a person's own messages. A support view reads them (GET) and, being
 * read-only, marks nothing read. At /api.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/me/notifications/unread',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: "The bell: how many unread messages, and whether the person's address bounces",
        security,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => unreadCount(ctx.db, principalOf(request).userId),
  );

  app.get(
    '/me/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'My messages, newest first, with how each went out',
        security,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => listNotifications(ctx.db, principalOf(request).userId),
  );

  app.get(
    '/me/notifications/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'One of my messages (reading it here changes nothing)',
        security,
        params,
        response: { 200: notificationSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => openNotification(ctx.db, principalOf(request).userId, request.params.id, false),
  );

  app.post(
    '/me/notifications/:id/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Open one of my messages: it is marked read',
        security,
        params,
        response: { 200: notificationSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => openNotification(ctx.db, principalOf(request).userId, request.params.id, true),
  );

  app.post(
    '/me/notifications/read-all',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my messages read',
        security,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => markAllRead(ctx.db, principalOf(request).userId),
  );

  app.post(
    '/me/email-deliverable',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'My address is right: email me again after bounces',
        security,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => confirmEmailAddress(ctx.db, principalOf(request).userId),
  );
};
