/**
 * What the stores report of themselves (sync/status-report.ts) and what HQ makes of it: the store facts on
 * "Cửa hàng", and the tax authority's refusals and invoices in attention on "Lỗi cơ quan thuế", which an
 * accountant or the owner marks handled with a note (docs/hq.md "Store status").
 */
import type { Clock } from '../../src/clock.js';
import { conflict, notFound } from '../../src/errors.js';
import type { StatusReport } from '../status-report.js';
import type { HqStore, StoreFactsRow, TaxProblemRow } from './hq-store.js';

/** A store silent this long is shown offline. */
export const OFFLINE_AFTER_MS = 3600 * 1000;
/** A certificate that expires within this is flagged. */
export const CERTIFICATE_WARNING_MS = 30 * 24 * 3600 * 1000;
/** Problems a list answers at most: the open ones of a chain are few; a longer list is a store to look at. */
export const MAX_TAX_PROBLEMS_LISTED = 500;

export interface HqStatusDeps {
  store: HqStore;
  clock: Clock;
}

const problemItem = (row: TaxProblemRow, storeName: string) => ({
  storeId: row.storeId,
  storeName,
  invoiceId: row.invoiceId,
  mauSo: row.mauSo,
  kyHieu: row.kyHieu,
  number: row.number,
  issueDate: row.issueDate,
  total: row.total,
  demo: row.demo,
  state: row.state,
  reason: row.reason,
  at: row.at,
  reportedAt: row.reportedAt,
  closedAt: row.closedAt,
  handled: row.handledAt === null ? null : { at: row.handledAt, by: row.handledBy ?? '', note: row.handledNote ?? '' },
});

export function createHqStatusService({ store, clock }: HqStatusDeps) {
  const now = () => clock.now().toISOString();

  async function names(): Promise<Map<string, string>> {
    return new Map((await store.listStores()).map((s) => [s.id, s.name]));
  }

  const factsItem = (facts: StoreFactsRow, lastNewsAt: string | null) => {
    const nowMs = clock.now().getTime();
    const expires = facts.certificateExpiresAt === null ? Number.NaN : Date.parse(facts.certificateExpiresAt);
    return {
      storeId: facts.storeId,
      mst: facts.mst,
      sellerName: facts.sellerName,
      symbols: facts.symbols,
      mode: facts.mode,
      version: facts.version,
      certificateExpiresAt: facts.certificateExpiresAt,
      certificateExpiring: !Number.isNaN(expires) && expires - nowMs <= CERTIFICATE_WARNING_MS,
      reportedAt: facts.reportedAt,
      offline: lastNewsAt === null || nowMs - Date.parse(lastNewsAt) > OFFLINE_AFTER_MS,
    };
  };

  /** The latest of a store's push, pull and report: its last news. */
  const lastNews = (...times: (string | null | undefined)[]) =>
    times
      .filter((t): t is string => typeof t === 'string')
      .sort()
      .at(-1) ?? null;

  return {
    /** A store's report: its facts replaced, its problems upserted, those settled at the store closed. */
    async report(storeId: string, report: StatusReport) {
      const at = now();
      const named = await store.transaction(async (tx) => {
        if (!(await tx.lockStore(storeId))) throw notFound('cửa hàng', storeId);
        if (report.feedCursor !== undefined) await tx.markFeedApplied(storeId, report.feedCursor);
        return tx.saveStatusReport(storeId, report, at);
      });
      return { taxProblems: named };
    },

    /** Every store's facts in the caller's scope (a store that never reported is absent). */
    async facts(scope?: readonly string[]) {
      const stores = new Map((await store.listStores()).map((s) => [s.id, s]));
      return (await store.listStoreFacts())
        .filter((f) => !scope || scope.includes(f.storeId))
        .map((f) => {
          const s = stores.get(f.storeId);
          return factsItem(f, lastNews(s?.lastPushAt, s?.lastPullAt, f.reportedAt));
        });
    },

    async factsOf(storeId: string) {
      const s = await store.findStore(storeId);
      if (!s) throw notFound('cửa hàng', storeId);
      const f = await store.findStoreFacts(storeId);
      return f ? factsItem(f, lastNews(s.lastPushAt, s.lastPullAt, f.reportedAt)) : null;
    },

    /** Newest first; `open`: only those neither handled nor settled at the store. */
    async taxProblems(filter: { storeId?: string | undefined; open: boolean }, scope?: readonly string[]) {
      const storeIds = filter.storeId ? [filter.storeId] : scope;
      if (storeIds?.length === 0) return { items: [] };
      const rows = await store.listTaxProblems({ storeIds, open: filter.open, limit: MAX_TAX_PROBLEMS_LISTED });
      const storeNames = await names();
      return { items: rows.map((row) => problemItem(row, storeNames.get(row.storeId) ?? row.storeId)) };
    },

    /** Marks one handled, with who did it and why; once (a second time is 409). */
    async markHandled(storeId: string, invoiceId: string, by: string, note: string) {
      const at = now();
      const row = await store.transaction(async (tx) => {
        const found = await tx.findTaxProblem(storeId, invoiceId);
        if (!found) throw notFound('lỗi cơ quan thuế của hóa đơn', invoiceId);
        if (!(await tx.markTaxProblemHandled(storeId, invoiceId, by, note, at)))
          throw conflict(`Hóa đơn này đã được đánh dấu đã xử lý lúc ${found.handledAt ?? ''}.`);
        return tx.findTaxProblem(storeId, invoiceId);
      });
      return problemItem(row as TaxProblemRow, (await names()).get(storeId) ?? storeId);
    },
  };
}

export type HqStatusService = ReturnType<typeof createHqStatusService>;
