/** Requests and answers of the exports (zod: validation, types and the OpenAPI document). */
import { z } from 'zod';
import { OPEN_STATES, SUPPLEMENTARY_TITLE } from './declared-periods.js';
import { CONTENT_TYPES, EXPORT_FORMATS } from './exports.service.js';
import { SECTION_KEYS } from './sales-ledger.js';

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

const invoiceRef = {
  mauSo: z.string(),
  kyHieu: z.string(),
  number: z.number().int(),
  issueDate: z.string().describe('dd/mm/yyyy'),
};

export const supplementaryAnswer = z
  .object({
    title: z.string().describe(SUPPLEMENTARY_TITLE),
    rows: z.array(
      z.object({
        stt: z.number().int(),
        kind: z.string().describe('Thay thế, Điều chỉnh tăng, Điều chỉnh giảm or Điều chỉnh thông tin'),
        ...invoiceRef,
        buyerName: z.string(),
        buyerMst: z.string(),
        original: z.object(invoiceRef).describe('The invoice corrected, of a declared month'),
        period: z.string().describe('The declared month the difference belongs to, YYYY-MM'),
        rate: z.string().describe('The tax group (10%, KCT, KHAC:5.26…); empty for a correction without amounts'),
        amount: money.describe('Difference in revenue before VAT'),
        taxAmount: money.describe('Difference in VAT'),
        note: z.string(),
      }),
    ),
    periods: z.array(z.object({ period: z.string(), title: z.string(), ...amounts })),
    total: z.object({ rows: z.number().int(), ...amounts }),
  })
  .describe(
    'Corrections made in the period of invoices of declared (locked) months: the differences for the supplementary declaration (01/KHBS) of each month',
  );

export const openInvoicesAnswer = z
  .array(
    z.object({
      ...invoiceRef,
      buyerName: z.string(),
      total: money,
      state: z.enum(OPEN_STATES),
      stateText: z.string(),
    }),
  )
  .describe("The period's invoices refused by the tax authority (error), waiting in attention or not sent yet");

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
  supplementary: supplementaryAnswer,
  openInvoices: openInvoicesAnswer,
});

export const periodMonthParams = z.object({ month: z.string().describe('The month, YYYY-MM') });

export const periodLockAnswer = z.object({
  month: z.string(),
  title: z.string().describe('Tháng 10 năm 2026'),
  lockedAt: z.string().describe('ISO instant'),
  lockedBy: z.string().describe('The username who locked it'),
});

const REASON_MESSAGE = 'Cần lý do mở khóa kỳ (reason), tối đa 500 ký tự.';
export const unlockBody = z.strictObject(
  {
    reason: z
      .string({ error: REASON_MESSAGE })
      .trim()
      .min(1, { error: REASON_MESSAGE })
      .max(500, { error: REASON_MESSAGE }),
  },
  { error: REASON_MESSAGE },
);

export const unlockAnswer = z.object({ month: z.string(), title: z.string(), unlockedAt: z.string() });
