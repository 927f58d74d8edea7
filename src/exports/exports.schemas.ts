/** Requests and answers of the exports (zod: validation, types and the OpenAPI document). */
import { z } from 'zod';
import { SECTION_KEYS } from './sales-ledger.js';
import { CONTENT_TYPES, EXPORT_FORMATS } from './exports.service.js';

const dateText = z.string().describe('A store-local date, YYYY-MM-DD');

/** The period's fields are checked together by parsePeriod (period.ts), so that a message names the real mistake. */
export const periodQuery = {
  from: dateText.optional().describe('First day (YYYY-MM-DD), with `to`'),
  to: dateText.optional().describe('Last day, inclusive (YYYY-MM-DD); at most 400 days after `from`'),
  month: z.string().optional().describe('Instead of from/to: a month, YYYY-MM'),
  quarter: z.string().optional().describe('Instead of from/to: a quarter, YYYY-Qn'),
};

export const salesLedgerQuery = z.object({
  ...periodQuery,
  format: z
    .enum(EXPORT_FORMATS, { error: `format là một trong: ${EXPORT_FORMATS.join(', ')}.` })
    .default('xlsx')
    .describe('xlsx (default), csv (UTF-8 with BOM, comma), pdf (the printed form) or json'),
});

export const vatFiguresQuery = z.object(periodQuery);

export const ledgerFile = z.unknown().meta({
  description:
    'The sales ledger as a file (Content-Disposition: attachment; filename="bang-ke-ban-ra-<period>.<format>")',
  content: Object.fromEntries(
    EXPORT_FORMATS.map((format) => [
      CONTENT_TYPES[format].split(';')[0],
      { schema: { type: 'string', format: 'binary' } },
    ]),
  ),
});

const money = z.number().int().describe('Integer đồng');
const amounts = { amount: money, taxAmount: money };

export const vatFiguresAnswer = z.object({
  period: z.object({ from: z.string(), to: z.string(), label: z.string() }),
  sections: z.array(z.object({ key: z.enum(SECTION_KEYS), rows: z.number().int(), ...amounts })),
  footer: z.object({
    revenue: money.describe('Tổng doanh thu hàng hóa, dịch vụ bán ra'),
    taxableRevenue: money.describe('Tổng doanh thu hàng hóa, dịch vụ bán ra chịu thuế GTGT'),
    taxAmount: money.describe('Tổng số thuế GTGT'),
  }),
  vat: z.object({
    indicators: z
      .array(
        z.object({
          code: z.string().describe('The indicator of form 01/GTGT, e.g. [32]'),
          label: z.string(),
          value: money,
        }),
      )
      .describe('[26]–[35] of form 01/GTGT from sales; [32]/[33] include the reduced 8 % rate'),
    reduced: z
      .object({ revenue: money, taxAmount: money, reduction: money })
      .describe('The 8 % sales, their tax, and the tax reduced (2 % of the revenue) for the reduction appendix'),
    otherRates: z
      .object({
        revenue: money,
        taxAmount: money,
        declaredAt: z.string().describe('the line pair they are declared on besides [27]/[34]: [30]/[31] or [32]/[33]'),
      })
      .describe('Sales at other rates (KHAC), counted in [27], [34] and the pair the declaration setting names'),
  }),
});
