/** The HQ admin API's answers about the stores' reports (hq-status.service.ts). */
import { z } from 'zod';
import { storeIdString } from '../protocol.js';
import { TAX_PROBLEM_STATES } from '../status-report.js';

export const storeFactsItem = z.object({
  storeId: z.string(),
  mst: z.string().nullable().describe("The seller's tax code, a branch's with its suffix; null while unset"),
  sellerName: z.string().nullable(),
  symbols: z.array(z.string()).describe('Every series the store numbered, mauSo then kyHieu (1C26MAA)'),
  mode: z.enum(['demo', 'live']),
  version: z.string(),
  certificateExpiresAt: z.string().nullable().describe("When the seller's certificate expires; null: demo key"),
  certificateExpiring: z.boolean().describe('The certificate expires within 30 days (or has expired)'),
  reportedAt: z.string().describe('When HQ received the report'),
  offline: z.boolean().describe('No push, pull or report for more than an hour'),
});

export const storeFactsList = z.object({ items: z.array(storeFactsItem) });

export const taxProblemItem = z.object({
  storeId: z.string(),
  storeName: z.string(),
  invoiceId: z.string(),
  mauSo: z.string(),
  kyHieu: z.string(),
  number: z.number().int(),
  issueDate: z.string(),
  total: z.number().int(),
  demo: z.boolean(),
  state: z.enum(TAX_PROBLEM_STATES).describe('rejected: refused by the authority; attention: "cần kiểm tra"'),
  reason: z.string().describe("The authority's reason, in Vietnamese"),
  at: z.string().describe("When the store's queue settled it so"),
  reportedAt: z.string(),
  closedAt: z.string().nullable().describe('In attention no more at the store (resent there)'),
  handled: z
    .object({ at: z.string(), by: z.string(), note: z.string() })
    .nullable()
    .describe('Marked handled at HQ: when, by whom, with what note'),
});

export const taxProblemsQuery = z.object({
  storeId: storeIdString.optional(),
  all: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1')
    .describe('1: the handled and settled ones too; otherwise only the open ones'),
});

export const taxProblemsList = z.object({ items: z.array(taxProblemItem) });

export const taxProblemParams = z.object({ storeId: storeIdString, invoiceId: z.string().min(1).max(100) });

export const handledBody = z.object({
  note: z.string().trim().min(1, 'Cần ghi chú cách đã xử lý.').max(1000, 'Ghi chú tối đa 1.000 ký tự.'),
});
