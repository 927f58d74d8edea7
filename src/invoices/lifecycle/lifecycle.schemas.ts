/** Request bodies of replace and adjust (docs/decisions.md §5). */
import { z } from 'zod';
import { XML_FIELD_LIMITS } from '../../domain/xml-field-limits.js';
import { storedText } from '../../http/fields.js';
import { buyerInput } from '../invoices.schemas.js';
import { PAYMENT_METHODS } from '../invoices.table.js';
import { adjustItemInput, invoiceLines, itemInput, pricesIncludeVat } from '../line.schemas.js';
import { ADJUSTMENT_TYPES } from './corrections.js';

const reason = storedText(XML_FIELD_LIMITS.correctionReason.max, { multiline: true })
  .min(1, 'Phải nêu lý do thay thế hoặc điều chỉnh.')
  .describe('Why the invoice is corrected; printed on the new invoice and kept in the audit trail.');

export const replaceInvoiceBody = z.strictObject({
  buyer: buyerInput,
  items: invoiceLines(z.array(itemInput).min(1, 'Hóa đơn phải có ít nhất một dòng hàng.').max(1000)),
  pricesIncludeVat,
  reason,
  paymentMethod: z.enum(PAYMENT_METHODS).optional().describe("Defaults to the original's payment method."),
});
export type ReplaceInvoiceInput = z.infer<typeof replaceInvoiceBody>;

export const adjustInvoiceBody = z.strictObject({
  type: z.enum(ADJUSTMENT_TYPES).describe('increase, decrease (stored with negative amounts) or info (no amounts).'),
  items: invoiceLines(
    z.array(adjustItemInput).min(1, 'Hóa đơn điều chỉnh phải có ít nhất một dòng.').max(1000),
  ).describe('The adjusted amounts as positive numbers, whatever the type.'),
  pricesIncludeVat,
  reason,
  buyer: buyerInput.optional().describe("Defaults to the original's buyer; an info adjustment may correct it."),
});
export type AdjustInvoiceInput = z.infer<typeof adjustInvoiceBody>;
