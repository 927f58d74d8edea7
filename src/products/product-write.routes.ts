/**
 * The catalogue written at the store (docs/decisions.md §8): an admin creates or updates a SKU. Such a product is
 * kept as headquarters' products are (sales at another price do not overwrite it; a later HQ sync of the SKU
 * does). The tax rate must be one of the store's configured rates.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XML_FIELD_LIMITS } from '../domain/xml-field-limits.js';
import { validationError } from '../errors.js';
import { storedText } from '../http/fields.js';
import { ok } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { product } from './products.routes.js';
import type { ProductsService } from './products.service.js';

export const productWriteRoutes =
  (products: ProductsService, taxRates: () => readonly number[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/products/:sku',
      {
        schema: {
          tags: ['products'],
          summary: 'Create or update a product of the catalogue (name, unit, price, tax rate)',
          operationId: 'putProduct',
          params: z.object({
            sku: z
              .string()
              .regex(/^[A-Za-z0-9._:-]+$/, 'Mã SKU gồm ký tự chữ, số, dấu chấm, gạch dưới, gạch ngang.')
              .max(XML_FIELD_LIMITS.itemSku.max, `Mã SKU có tối đa ${XML_FIELD_LIMITS.itemSku.max} ký tự.`),
          }),
          body: z.strictObject({
            name: storedText(XML_FIELD_LIMITS.itemName.max).min(1, 'Tên sản phẩm không được để trống.'),
            unit: storedText(XML_FIELD_LIMITS.itemUnit.max).optional(),
            unitPrice: z.number().min(0).max(1e12),
            taxRate: z.number(),
            vatReductionEligible: z
              .boolean()
              .optional()
              .describe('false: left out of the VAT reduction (the decree annexes); never sold at 8 %. Default true.'),
            taxCategory: z
              .enum(['goods', 'KCT', 'KKKNT'])
              .optional()
              .describe('The category a line without one takes: goods (default), KCT, KKKNT.'),
          }),
          response: { ...errorResponses(400, 401, 403, 429), 200: ok(product) },
        },
      },
      async (request, reply) => {
        const { sku } = request.params;
        const { name, unit, unitPrice, taxRate, vatReductionEligible = true, taxCategory = 'goods' } = request.body;
        const rates = taxRates();
        if (!rates.includes(taxRate)) {
          const message = `Thuế suất phải là một trong: ${rates.join(', ')}.`;
          throw validationError(message, [{ path: 'body.taxRate', message }]);
        }
        return reply.commit(200, () => {
          products.upsertFromHeadquarters({ sku, name, unit: unit || null, unitPrice, taxRate });
          products.setTax(sku, vatReductionEligible, taxCategory);
          return { sku, name, ...(unit ? { unit } : {}), unitPrice, taxRate, vatReductionEligible, taxCategory };
        });
      },
    );
  };
