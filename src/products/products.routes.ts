/** The catalogue read: the list (search, category, active), its categories, and the export as a file. */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { fileResponse } from '../http/openapi-files.js';
import { exportQuery, listQuery, productPage } from './products.schemas.js';
import type { ProductsService } from './products.service.js';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export const productRoutes =
  (products: ProductsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'The catalogue; search matches the accent-free name anywhere, the SKU prefix or the barcode',
          description:
            'Ordered by name. `costPrice` is answered to the admin and the accountant only. The till asks for `active=true`.',
          operationId: 'listProducts',
          querystring: listQuery,
          response: { 200: ok(productPage), ...errorResponses(400, 401, 429) },
        },
      },
      async ({ query, user }) => {
        const { page, pageSize, ...filter } = query;
        return success(products.list(filter, page, pageSize, user.role !== 'cashier'));
      },
    );

    app.get(
      '/products/categories',
      {
        schema: {
          tags: ['products'],
          summary: 'The categories of the catalogue, in order',
          operationId: 'listProductCategories',
          response: { 200: ok(z.array(z.string())), ...errorResponses(401, 429) },
        },
      },
      async () => success(products.categories()),
    );

    app.get(
      '/products/export',
      {
        schema: {
          tags: ['products'],
          summary: 'The whole catalogue as XLSX or CSV, streamed, in the columns an import reads',
          operationId: 'exportProducts',
          querystring: exportQuery,
          response: {
            200: fileResponse(CONTENT_TYPES.xlsx, 'The catalogue (text/csv for format=csv)'),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (request, reply) => {
        const { format } = request.query;
        const body = new PassThrough();
        products.exportTo(format, body).catch((error: unknown) => {
          // Headers are gone by now: the client sees a cut connection, the log sees why.
          request.log.error({ err: error }, 'catalogue export failed');
          body.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="hang-hoa.${format}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
