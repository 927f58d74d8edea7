import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, pageOf, pageQuery, success } from '../http/envelope.js';
import { searchText } from '../http/fields.js';
import { errorResponses } from '../http/openapi-errors.js';
import type { ProductsService } from './products.service.js';

export const product = z.object({
  sku: z.string(),
  name: z.string(),
  unit: z.string().optional(),
  unitPrice: z.number(),
  taxRate: z.number(),
  vatReductionEligible: z.boolean(),
  taxCategory: z.enum(['goods', 'KCT', 'KKKNT']).optional(),
});

export const productRoutes =
  (products: ProductsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'The catalogue; search matches the name without accents or the SKU prefix',
          operationId: 'listProducts',
          querystring: z.object({ search: searchText(200).optional(), ...pageQuery }),
          response: { 200: ok(pageOf(product)), ...errorResponses(400, 401, 429) },
        },
      },
      async ({ query }) => success(products.list(query.search, query.page, query.pageSize)),
    );
  };
