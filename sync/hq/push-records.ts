/**
 * What HQ reads from a pushed record's payload, checked before anything is written: a malformed record
 * refuses its whole batch (400) instead of half-applying it. Only the fields a projection needs are
 * required; the rest of the payload is kept as the store sent it.
 */
import { z } from 'zod';
import { isCalendarDate } from '../../src/domain/calendar.js';
import { type FieldError, validationError } from '../../src/errors.js';
import { automationSettingsSchema, templateSettingsSchema } from '../../src/settings/settings.documents.js';
import { documentPayload, type PushRecord, type SettingsPayload, settingsPayload } from '../protocol.js';

/** The settings documents a store may edit for HQ to apply, with the schemas the store validates them with. */
const STORE_EDITABLE = { templates: templateSettingsSchema, automation: automationSettingsSchema };

const invoicePayload = z.object({
  id: z.string().min(1).max(100),
  // Not the enum of this build: a newer store's new status must not block its outbox at an older HQ.
  status: z.string().min(1).max(40),
  mauSo: z.string().min(1).max(10),
  kyHieu: z.string().min(1).max(10),
  number: z.number().int().nonnegative(),
  issueDate: z.string().refine(isCalendarDate, 'issueDate có dạng YYYY-MM-DD.'),
  buyer: z.object({ name: z.string().max(400), mst: z.string().max(14).optional() }),
  totals: z.object({
    subtotal: z.number().int().optional(),
    taxAmount: z.number().int().optional(),
    total: z.number().int(),
  }),
  // Lines feed the revenue rollup only: lines HQ cannot read are counted from the totals, never a refused batch.
  items: z
    .array(
      z.object({
        taxRate: z.number().min(0).max(1),
        total: z.number().int(),
        taxAmount: z.number().int(),
        kind: z.string().max(20).optional(),
        taxGroup: z.string().max(11).optional(),
      }),
    )
    .optional()
    .catch(undefined),
  adjustmentType: z.string().max(20).optional(),
  createdAt: z.string().min(1).max(40),
  demo: z.boolean().optional(),
  // The lookup portal's ways to the invoice (lookups.ts); an invoice without them is simply not looked up.
  lookupCode: z.string().min(1).max(64).optional().catch(undefined),
  seller: z
    .object({ mst: z.string().min(1).max(14) })
    .optional()
    .catch(undefined),
});
export type InvoicePayload = z.infer<typeof invoicePayload>;

const customerPayload = z.object({
  name: z.string().min(1).max(400),
  mst: z.string().max(14).optional(),
  address: z.string().max(400).optional(),
});
export type CustomerPayload = z.infer<typeof customerPayload>;

export type Projection =
  | { kind: 'invoice'; invoice: InvoicePayload }
  | { kind: 'customer'; customer: CustomerPayload }
  | { kind: 'settings'; settings: SettingsPayload }
  | { kind: 'kept' };

const fieldErrors = (i: number, error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({
    path: ['body', 'records', i, 'payload', ...issue.path].join('.'),
    message: issue.message,
  }));

function projectionOf(record: PushRecord, i: number): Projection | FieldError[] {
  switch (record.kind) {
    case 'invoice': {
      const parsed = invoicePayload.safeParse(record.payload);
      if (!parsed.success) return fieldErrors(i, parsed.error);
      // The projection's document is this record, found again by (store, `invoice:<id>`, version).
      if (record.recordId !== `invoice:${parsed.data.id}`) {
        return [{ path: `body.records.${i}.recordId`, message: `phải là "invoice:${parsed.data.id}"` }];
      }
      return { kind: 'invoice', invoice: parsed.data };
    }
    case 'customer': {
      const parsed = customerPayload.safeParse(record.payload);
      return parsed.success ? { kind: 'customer', customer: parsed.data } : fieldErrors(i, parsed.error);
    }
    case 'settings': {
      const parsed = settingsPayload.safeParse(record.payload);
      if (!parsed.success) return fieldErrors(i, parsed.error);
      // The plan is HQ's to set, and a document the store's own schemas refuse is no edit: both are kept as
      // records and never applied. The batch still goes through: refusing it would stop the store's invoices.
      if (parsed.data.name === 'plan') return { kind: 'kept' };
      const document = STORE_EDITABLE[parsed.data.name].safeParse(parsed.data.document);
      if (!document.success) return { kind: 'kept' };
      return { kind: 'settings', settings: { ...parsed.data, document: document.data } };
    }
    // An invoice's XML is kept as its record, nothing derived: the lookup portal reads it from there.
    case 'document': {
      const parsed = documentPayload.safeParse(record.payload);
      if (!parsed.success) return fieldErrors(i, parsed.error);
      if (record.recordId !== `document:${parsed.data.invoiceId}` || record.version !== 1) {
        return [
          { path: `body.records.${i}.recordId`, message: `phải là "document:${parsed.data.invoiceId}", phiên bản 1` },
        ];
      }
      return { kind: 'kept' };
    }
    // Audit entries and end-of-day aggregates are kept as records, with nothing derived from them.
    case 'audit':
    case 'aggregate':
      return { kind: 'kept' };
  }
}

/** One projection per record, in order; throws VALIDATION_ERROR naming every bad field. */
export function projectionsOf(records: PushRecord[]): Projection[] {
  const details: FieldError[] = [];
  const projections = records.map((record, i): Projection => {
    const result = projectionOf(record, i);
    if (!Array.isArray(result)) return result;
    details.push(...result);
    return { kind: 'kept' };
  });
  if (details.length > 0) {
    const summary = details
      .slice(0, 3)
      .map((d) => `${d.path}: ${d.message}`)
      .join('; ');
    throw validationError(`Bản ghi đồng bộ không hợp lệ. ${summary}`, details);
  }
  return projections;
}
