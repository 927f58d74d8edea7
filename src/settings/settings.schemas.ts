import { z } from 'zod';
import {
  automationSettingsSchema,
  planDocumentSchema,
  sellerSchema,
  storeConfigSchema,
  templateSettingsSchema,
  tillSettingsSchema,
} from './settings.documents.js';

/** PATCH bodies: any subset of the document's fields; unknown fields are refused rather than ignored. */
export const templatesPatch = templateSettingsSchema.partial().strict();
export const automationPatch = automationSettingsSchema.partial().strict();
export const tillPatch = tillSettingsSchema.partial().strict();

export const planReport = z.object({
  planName: z.string(),
  invoiceUsage: z.object({ used: z.number().int(), limit: z.number().int() }),
  storageUsage: z.object({ used: z.number().describe('Megabytes (database and its WAL)'), limit: z.number() }),
  features: planDocumentSchema.shape.features,
});

export const configPatch = storeConfigSchema
  .extend({
    seller: sellerSchema.partial().strict(),
    headquarters: storeConfigSchema.shape.headquarters.partial().strict(),
    transmission: storeConfigSchema.shape.transmission.partial().strict(),
    timeZone: z
      .never({ error: 'timeZone được đặt bằng biến môi trường HOADON_TZ (hoặc --tz) khi khởi động, không qua API.' })
      .optional(),
  })
  .partial()
  .strict();

export const configView = storeConfigSchema.extend({
  timeZone: z.string(),
  transmission: storeConfigSchema.shape.transmission.extend({ simulated: z.boolean() }),
});
