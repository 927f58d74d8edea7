import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
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
          querystring: notificationListQuery,
          response: { 200: ok(z.array(notification)) },
        },
      },
      async ({ query }) => success(notifications.list({ unreadOnly: query.filter === 'unread', type: query.type })),
    );
    app.get('/notifications/unread-count', { schema: { tags, response: { 200: ok(countResult) } } }, async () =>
      success(notifications.unreadCount()),
    );
    app.patch(
      '/notifications/:id/read',
      { schema: { tags, params: notificationIdParams, response: { 200: ok(readResult) } } },
      async (request, reply) => reply.commit(200, () => notifications.markRead(request.params.id)),
    );
    app.post(
      '/notifications/read-all',
      { schema: { tags, response: { 200: ok(countResult) } } },
      async (_request, reply) => reply.commit(200, () => notifications.markAllRead()),
    );
  };
