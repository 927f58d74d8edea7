import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { queryDate } from '../http/fields.js';
import { errorResponses } from '../http/openapi-errors.js';
import { idParams } from '../http/params.js';
import { closeShiftBody, openShiftBody, shiftDaySchema, shiftSchema } from './shifts.schemas.js';
import type { ShiftsService } from './shifts.service.js';

export const shiftRoutes =
  (shifts: ShiftsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/shifts',
      {
        schema: {
          tags: ['shifts'],
          summary: 'Open a shift with its float (one open shift per user)',
          operationId: 'openShift',
          body: openShiftBody,
          response: { ...errorResponses(400, 401, 403, 409, 429), 201: ok(shiftSchema) },
        },
      },
      async (request, reply) => reply.commit(201, () => shifts.open(request.user, request.body.openingFloat)),
    );

    app.post(
      '/shifts/:id/close',
      {
        schema: {
          tags: ['shifts'],
          summary: 'Close a shift with the counted cash; a difference needs a note',
          operationId: 'closeShift',
          params: idParams,
          body: closeShiftBody,
          response: { ...errorResponses(400, 401, 403, 404, 409, 429), 200: ok(shiftSchema) },
        },
      },
      async (request, reply) => reply.commit(200, () => shifts.close(request.user, request.params.id, request.body)),
    );

    app.get(
      '/shifts',
      {
        schema: {
          tags: ['shifts'],
          summary: "A store-local day's shifts (a cashier's own; every one for an admin or accountant) and their sum",
          operationId: 'listShifts',
          querystring: z.object({ date: queryDate.optional() }),
          response: { ...errorResponses(400, 401, 429), 200: ok(shiftDaySchema) },
        },
      },
      async (request) => success(shifts.ofDate(request.user, request.query.date)),
    );

    app.get(
      '/shifts/current',
      {
        schema: {
          tags: ['shifts'],
          summary: "The caller's open shift, or null",
          operationId: 'currentShift',
          response: { ...errorResponses(401, 429), 200: ok(shiftSchema.nullable()) },
        },
      },
      async (request) => success(shifts.current(request.user)),
    );
  };
