import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { availablePkcs11Modules } from './pkcs11-modules.js';

export const tokenModuleRoutes =
  (configured: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/signing/token/modules',
      {
        schema: {
          tags: ['signing'],
          summary:
            "The PKCS#11 libraries of USB tokens found on the store's machine (known drivers, HOADON_PKCS11_MODULES)",
          operationId: 'listTokenModules',
          response: {
            ...errorResponses(401, 403, 429),
            200: ok(z.array(z.object({ name: z.string(), path: z.string() }))),
          },
        },
      },
      async () => success(availablePkcs11Modules(configured)),
    );
  };
