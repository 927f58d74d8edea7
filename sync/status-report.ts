/**
 * What a store reports about itself after each sync pass, beside the push and the pull: its facts (tax code,
 * symbols, demo or live, version, certificate expiry) and the invoices the tax authority refused or left
 * waiting for the owner (`attention`, "cần kiểm tra"). A call of its own, `POST {hq}/sync/v1/status` with the
 * store's credential, so that both directions stay compatible: an older HQ answers 404 and the store carries
 * on, an older store never calls it (docs/hq.md "Store status").
 *
 * The report is a snapshot, not a change log: it names every invoice in `attention` and the most recent
 * rejections. HQ upserts what it names; an invoice HQ held in `attention` that the report no longer names was
 * settled at the store (resent, then accepted or refused) and is closed. A rejection is final at the store,
 * so HQ never closes one for being absent (the store names only the latest).
 */
import { z } from 'zod';

export const STATUS_REPORT_PATH = '/status';
/** Invoices a report names at most (every one in attention first, then the latest rejections). */
export const MAX_REPORTED_TAX_PROBLEMS = 500;

export const TAX_PROBLEM_STATES = ['rejected', 'attention'] as const;
export type TaxProblemState = (typeof TAX_PROBLEM_STATES)[number];

export const storeFacts = z.object({
  /** The seller's tax code as the invoices carry it, a branch's with its suffix (`0100109106-001`); null while unset. */
  mst: z.string().max(14).nullable(),
  sellerName: z.string().max(400).nullable(),
  /** Every series the store has numbered, `<mauSo><kyHieu>` (`1C26MAA`), with the current template's first. */
  symbols: z.array(z.string().min(1).max(10)).max(100),
  mode: z.enum(['demo', 'live']),
  version: z.string().min(1).max(100),
  /** When the seller's certificate expires (ISO); null while the node signs with its demo key. */
  certificateExpiresAt: z.string().max(40).nullable(),
});
export type StoreFacts = z.infer<typeof storeFacts>;

export const reportedTaxProblem = z.object({
  invoiceId: z.string().min(1).max(100),
  mauSo: z.string().min(1).max(10),
  kyHieu: z.string().min(1).max(10),
  number: z.number().int().nonnegative(),
  issueDate: z.string().max(10),
  total: z.number().int(),
  demo: z.boolean(),
  state: z.enum(TAX_PROBLEM_STATES),
  /** The authority's reason (or the node's, for an answer it could not read), in Vietnamese. */
  reason: z.string().max(1000),
  /** When the store's transmission queue settled it so. */
  at: z.string().max(40),
});
export type ReportedTaxProblem = z.infer<typeof reportedTaxProblem>;

export const statusReportBody = z.object({
  facts: storeFacts,
  taxProblems: z.array(reportedTaxProblem).max(MAX_REPORTED_TAX_PROBLEMS),
  /**
   * The store's pull cursor after this pass's pull: every feed item up to it is applied at the store (HQ's
   * "Hàng hóa và cài đặt" says per store whether the latest settings and catalogue reached it). Optional: a
   * store before it leaves it out, and HQ then knows only the cursor of its last pull request.
   */
  feedCursor: z.number().int().nonnegative().optional(),
});
export type StatusReport = z.infer<typeof statusReportBody>;

export const statusReportAnswer = z.object({ taxProblems: z.number().int().nonnegative() });
