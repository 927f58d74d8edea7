/**
 * The catalogue written at the store (docs/catalogue.md): an admin creates or updates a SKU, deactivates or
 * deletes one (a sold product is only deactivated), or imports a file in two steps: a preview of what it
 * changes, then the apply, all rows or none. A product written here is kept as headquarters' products are
 * (sales at another price do not overwrite it; a later HQ sync of the SKU does).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { applyBody, importBody, importPreview, importResult, product, productFields, sku } from './products.schemas.js';
import type { ProductsService } from './products.service.js';

export const productWriteRoutes =
  (products: ProductsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/products/:sku',
      {
        schema: {
          tags: ['products'],
          summary: 'Create or update a product of the catalogue (name, unit, price, tax, barcode, category…)',
          description: 'A field left out takes its default. The tax rate must be one of the store’s rates.',
          operationId: 'putProduct',
          params: z.object({ sku }),
          body: productFields,
          response: { ...errorResponses(400, 401, 403, 409, 429), 200: ok(product) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => products.save(request.params.sku, request.body, request.user.username)),
    );

    app.put(
      '/products/:sku/active',
      {
        schema: {
          tags: ['products'],
          summary: 'Put a product on sale again, or take it off the till (deactivate)',
          operationId: 'setProductActive',
          params: z.object({ sku }),
          body: z.strictObject({ active: z.boolean('active phải là true hoặc false.') }),
          response: { ...errorResponses(400, 401, 403, 404, 429), 200: ok(product) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => products.setActive(request.params.sku, request.body.active, request.user.username)),
    );

    app.delete(
      '/products/:sku',
      {
        schema: {
          tags: ['products'],
          summary: 'Delete a product never sold (a sold one is 409: deactivate it)',
          operationId: 'deleteProduct',
          params: z.object({ sku }),
          response: { ...errorResponses(400, 401, 403, 404, 409, 429), 200: ok(z.object({ sku: z.string() })) },
        },
      },
      async (request, reply) => reply.commit(200, () => products.remove(request.params.sku, request.user.username)),
    );

    app.post(
      '/products/import/preview',
      {
        schema: {
          tags: ['products'],
          summary: 'Read a catalogue file (XLSX or CSV, base64) and say what it would change; writes nothing',
          description:
            'Lists the new and changed products, the count of unchanged ones and every bad row with its row number and reason. The token goes back with POST /products/import.',
          operationId: 'previewProductImport',
          body: importBody,
          response: { ...errorResponses(400, 401, 403, 413, 429), 200: ok(importPreview) },
        },
      },
      async (request) =>
        success(await products.previewImport(request.body.format, Buffer.from(request.body.file, 'base64'))),
    );

    app.post(
      '/products/import',
      {
        schema: {
          tags: ['products'],
          summary: 'Apply a previewed catalogue file: every row in one transaction, or none',
          description:
            'Refused (400) when the file has a bad row, and (409) when the file or the catalogue changed since the preview whose token is sent.',
          operationId: 'importProducts',
          body: applyBody,
          response: { ...errorResponses(400, 401, 403, 409, 413, 429), 200: ok(importResult) },
        },
      },
      async (request, reply) => {
        const { format, file, token } = request.body;
        const work = await products.prepareImport(format, Buffer.from(file, 'base64'), token, request.user.username);
        return reply.commit(200, work);
      },
    );
  };
