/**
 * What the chain's administrators do at HQ: register stores, watch their sync, read invoices across
 * stores, and send settings, orders and the catalogue down the feed. Every feed write commits with the
 * HQ copy it announces.
 */
import type { Clock, IdGenerator } from '../../src/clock.js';
import { conflict, notFound, validationError } from '../../src/errors.js';
import { type Page, page } from '../../src/http/envelope.js';
import type { CreateOrderInput } from '../../src/orders/orders.schemas.js';
import { SYNCED_SETTINGS, storeCredential, storeIdString } from '../protocol.js';
import {
  type HqInvoiceCursorQuery,
  type HqInvoiceListItem,
  type HqInvoiceListQuery,
  invoiceSearchFilter,
  type RevenueItem,
  type RevenueQuery,
  type SettingsBody,
  type StoreSummary,
  storeName,
} from './hq.schemas.js';
import type { HqClock } from './hq-clock.js';
import { hashSecret, newSecret } from './hq-credentials.js';
import type { HqStore, InvoiceSummary, Product, RevenueFilter, RevenueRow, StoreRow } from './hq-store.js';
import { decodeCursor, decodeRevenueCursor, encodeCursor, encodeRevenueCursor } from './keyset-cursor.js';
import { answeredRate, taxGroupOfRate } from './revenue.js';
import { settleSettings } from './settings-lww.js';

/** Losing edits shown with a store's settings. */
const LOSERS_SHOWN = 50;

export interface HqAdminDeps {
  store: HqStore;
  clock: Clock;
  newId: IdGenerator;
  hlc: HqClock;
}

const listItem = (row: InvoiceSummary): HqInvoiceListItem => ({
  storeId: row.storeId,
  id: row.invoiceId,
  version: row.version,
  status: row.status,
  mauSo: row.mauSo,
  kyHieu: row.kyHieu,
  number: row.number,
  issueDate: row.issueDate,
  buyer: { name: row.buyerName, ...(row.buyerMst ? { mst: row.buyerMst } : {}) },
  total: row.total,
  createdAt: row.createdAt,
  demo: row.demo,
});

export function createHqAdminService({ store, clock, newId, hlc }: HqAdminDeps) {
  const now = () => clock.now().toISOString();

  async function requireStore(id: string): Promise<StoreRow> {
    const found = await store.findStore(id);
    if (!found) throw notFound('cửa hàng', id);
    return found;
  }

  const summary = (row: StoreRow): StoreSummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastPushAt: row.lastPushAt,
    lastPullAt: row.lastPullAt,
    appliedThroughSeq: row.appliedThroughSeq,
    pullCursor: row.pullCursor,
    lagSeconds:
      row.lastPushAt === null
        ? null
        : Math.max(0, Math.floor((clock.now().getTime() - Date.parse(row.lastPushAt)) / 1000)),
    invoiceCount: row.invoiceCount,
    version: row.reportedVersion,
    pendingOutbox: row.reportedPending,
    disabledAt: row.disabledAt,
    previousCredentialUntil: row.previousCredentialUntil,
  });

  /**
   * A manager's revenue over several stores: the answer's order is store first, so each store's rows, read one
   * store after the other (sorted), make the same order, and the key's store is where the page starts.
   */
  async function scopedRevenue(filter: RevenueFilter, scope: readonly string[]) {
    const rows: RevenueRow[] = [];
    for (const storeId of [...scope].sort()) {
      if (filter.after && storeId < filter.after.storeId) continue;
      const left = filter.limit === undefined ? undefined : filter.limit - rows.length;
      if (left === 0) break;
      rows.push(...(await store.revenue({ ...filter, storeId, limit: left })));
    }
    return rows;
  }

  return {
    /** Registers a store; answers its credential, which HQ cannot show again (only its hash is kept). */
    async addStore(id: string, name: string): Promise<{ storeId: string; credential: string }> {
      const checkedId = storeIdString.safeParse(id);
      if (!checkedId.success) throw validationError(checkedId.error.issues[0]?.message ?? 'storeId không hợp lệ.');
      const checkedName = storeName.safeParse(name);
      if (!checkedName.success)
        throw validationError(checkedName.error.issues[0]?.message ?? 'Tên cửa hàng không hợp lệ.');
      const secret = newSecret();
      if (
        !(await store.addStore({ id, name: checkedName.data, credentialHash: hashSecret(secret), createdAt: now() }))
      ) {
        throw conflict(`Cửa hàng "${id}" đã được đăng ký.`);
      }
      return { storeId: id, credential: storeCredential(id, secret) };
    },

    /**
     * A new secret for the store, answered once; the replaced one keeps working for `graceMs` (the store's
     * credential file is changed by `hoadon sync connect`, not necessarily at the same minute), then is refused.
     */
    async rotateCredential(
      id: string,
      graceMs: number,
    ): Promise<{ storeId: string; credential: string; previousValidUntil: string }> {
      const secret = newSecret();
      const previousValidUntil = new Date(clock.now().getTime() + graceMs).toISOString();
      if (!(await store.rotateCredential(id, hashSecret(secret), previousValidUntil))) throw notFound('cửa hàng', id);
      return { storeId: id, credential: storeCredential(id, secret), previousValidUntil };
    },

    /** A disabled store's pushes and pulls are refused (403) until it is enabled; its data stays. */
    async setDisabled(id: string, disabled: boolean): Promise<StoreSummary> {
      if (!(await store.setDisabled(id, disabled ? now() : null))) throw notFound('cửa hàng', id);
      return summary(await requireStore(id));
    },

    listStores: async (): Promise<StoreSummary[]> => (await store.listStores()).map(summary),

    /** `scope`: only these stores (a manager's, hq-access.ts); every store without it. */
    async listInvoices(query: HqInvoiceListQuery, scope?: readonly string[]): Promise<Page<HqInvoiceListItem>> {
      if (scope?.length === 0) return page([], 0, query.page, query.pageSize);
      const { total, rows } = await store.listInvoices(
        {
          storeId: query.storeId,
          storeIds: scope,
          statuses: query.status,
          dateFrom: query.dateFrom,
          dateTo: query.dateTo,
          ...invoiceSearchFilter(query),
        },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return page(rows.map(listItem), total, query.page, query.pageSize);
    },

    /** The list's order, a page after the cursor: deep pages cost what the first one does. */
    async invoicesByCursor(query: HqInvoiceCursorQuery, scope?: readonly string[]) {
      if (scope?.length === 0) return { items: [], nextCursor: null };
      const rows = await store.invoicesAfter(
        {
          storeId: query.storeId,
          storeIds: scope,
          statuses: query.status,
          dateFrom: query.dateFrom,
          dateTo: query.dateTo,
          ...invoiceSearchFilter(query),
        },
        query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(listItem),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** Every invoice of the filter, in the list's order, a keyset page at a time (the export). */
    async *allInvoices(
      filter: Omit<HqInvoiceCursorQuery, 'limit' | 'cursor'>,
      scope: readonly string[] | undefined,
      max: number,
    ): AsyncGenerator<HqInvoiceListItem> {
      let cursor: string | undefined;
      let count = 0;
      do {
        const page = await this.invoicesByCursor({ ...filter, limit: 500, cursor }, scope);
        count += page.items.length;
        if (count > max)
          throw validationError(`Danh sách có hơn ${max} hóa đơn: hãy lọc theo cửa hàng hoặc khoảng ngày hẹp hơn.`);
        yield* page.items;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },

    /**
     * Revenue per store, store-local day (or month) and tax rate (issued and adjusted invoices, from the rollups),
     * all of the range, or a page of `limit` rows after the cursor.
     */
    async revenue(
      { cursor, limit, ...filter }: RevenueQuery,
      scope?: readonly string[],
    ): Promise<{ items: RevenueItem[]; nextCursor: string | null }> {
      const after = cursor === undefined ? undefined : decodeRevenueCursor(cursor);
      const wanted = limit === undefined ? undefined : limit + 1;
      const rows =
        scope && filter.storeId === undefined
          ? await scopedRevenue({ ...filter, after, limit: wanted }, scope)
          : await store.revenue({ ...filter, after, limit: wanted });
      const page = limit === undefined ? rows : rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          storeId: row.storeId,
          date: row.date,
          taxRate: answeredRate(row.taxRate),
          taxGroup: taxGroupOfRate(row.taxRate),
          invoices: row.invoices,
          amount: row.amount,
          taxAmount: row.taxAmount,
        })),
        nextCursor: limit !== undefined && rows.length > limit && last ? encodeRevenueCursor(last) : null,
      };
    },

    /** The store list as JSON text (the database writes it: see HqStore.storeSummariesJson). */
    async storeSummariesJson(scope?: readonly string[]): Promise<string> {
      const json = await store.storeSummariesJson(now());
      if (!scope) return json;
      return JSON.stringify((JSON.parse(json) as StoreSummary[]).filter((s) => scope.includes(s.id)));
    },

    /** One store's summary (the console's detail page). */
    async storeSummary(id: string): Promise<StoreSummary> {
      return summary(await requireStore(id));
    },

    /**
     * The latest document a store synced of one of its invoices (GET /invoices/:id of the store, as pushed),
     * as the JSON text it came in.
     */
    async invoiceDocument(storeId: string, invoiceId: string): Promise<string> {
      const [held] = await store.heldInvoices(storeId, [invoiceId]);
      if (!held) throw notFound('hóa đơn', invoiceId);
      const recordId = `invoice:${invoiceId}`;
      const [record] = await store.readRecords(storeId, { recordId, version: held.version - 1 }, 1);
      if (!record || record.recordId !== recordId) throw notFound('hóa đơn', invoiceId);
      return record.payload;
    },

    /** Per store of the scope (or the one asked), whether the latest settings and catalogue sent reached it. */
    async feedApplied(scope?: readonly string[]) {
      const items = (await store.feedApplied(scope)).map((row) => ({
        ...row,
        settingsApplied: row.settingsCursor === null || row.appliedCursor >= row.settingsCursor,
        catalogueApplied: row.productsCursor === null || row.appliedCursor >= row.productsCursor,
      }));
      return { items };
    },

    async settingsOf(storeId: string) {
      await requireStore(storeId);
      return {
        current: (await store.listSettings(storeId)).map(({ storeId: _, ...entry }) => entry),
        losers: (await store.listSettingsLosers(storeId, LOSERS_SHOWN)).map(({ storeId: _, ...loser }) => loser),
      };
    },

    /** HQ's edit ticks HQ's clock past everything seen, so it wins over every edit HQ knows of. */
    async sendSettings(storeId: string, body: SettingsBody) {
      await requireStore(storeId);
      const at = now();
      return store.transaction(async (tx) => {
        const items = [];
        for (const name of SYNCED_SETTINGS) {
          const document = body[name];
          if (document === undefined) continue;
          const entry = { storeId, name, document, hlc: await hlc.tick(tx), origin: 'hq' as const, updatedAt: at };
          // HQ's clock is past every value it applied, so this edit wins, except over a document stamped
          // beyond the clock's bound by an older HQ: then the answer says so, with the value that won.
          const settled = await settleSettings(tx, entry);
          const kept = settled === 'lost' ? await tx.findSettings(storeId, name) : undefined;
          const payload = { name, document, hlc: entry.hlc };
          items.push({
            ...payload,
            outcome: kept ? ('lost' as const) : ('applied' as const),
            ...(kept ? { keptHlc: kept.hlc } : {}),
            cursor: await tx.appendFeed({ storeId, kind: 'settings', payload, at }),
          });
        }
        return { items };
      });
    },

    /** The store creates the order when it pulls it (and skips an id it already has). */
    async sendOrder(storeId: string, body: CreateOrderInput) {
      await requireStore(storeId);
      const order = { ...body, id: body.id ?? newId() };
      const at = now();
      const cursor = await store.transaction((tx) => tx.appendFeed({ storeId, kind: 'order', payload: order, at }));
      return { cursor, order };
    },

    async sendProducts(products: Product[]) {
      const at = now();
      return store.transaction(async (tx) => {
        await tx.upsertProducts(products, at);
        return {
          count: products.length,
          cursor: await tx.appendFeed({ storeId: null, kind: 'products', payload: { products }, at }),
        };
      });
    },
  };
}

export type HqAdminService = ReturnType<typeof createHqAdminService>;
