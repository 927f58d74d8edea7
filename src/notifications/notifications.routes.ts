import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import {
  countResult,
  notification,
  notificationIdParams,
  notificationListQuery,
  readResult,
} from './notifications.schemas.js';
import type { NotificationsService } from './notifications.service.js';

export const notificationRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['notifications'];
    app.get(
      '/notifications',
      {
        schema: {
          tags,
          summary: 'Newest notifications first (at most 200)',
          operationId: 'listNotifications',
          querystring: notificationListQuery,
          response: { 200: ok(z.array(notification)), ...errorResponses(400, 401, 429) },
        },
      },
      async ({ query }) => success(notifications.list({ unreadOnly: query.filter === 'unread', type: query.type })),
    );
    app.get(
      '/notifications/unread-count',
      {
        schema: {
          tags,
          summary: 'How many notifications are unread',
          operationId: 'countUnreadNotifications',
          response: { 200: ok(countResult), ...errorResponses(401, 429) },
        },
      },
      async () => success(notifications.unreadCount()),
    );
    app.patch(
      '/notifications/:id/read',
      {
        schema: {
          tags,
          summary: 'Mark one notification read',
          operationId: 'markNotificationRead',
          params: notificationIdParams,
          response: { 200: ok(readResult), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => notifications.markRead(request.params.id)),
    );
    app.post(
      '/notifications/read-all',
      {
        schema: {
          tags,
          summary: 'Mark every notification read',
          operationId: 'markAllNotificationsRead',
          response: { 200: ok(countResult), ...errorResponses(400, 401, 409, 422, 429) },
        },
      },
      async (_request, reply) => reply.commit(200, () => notifications.markAllRead()),
    );
  };
