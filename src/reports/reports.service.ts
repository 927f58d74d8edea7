/**
 * Reports, analytics and the end-of-day aggregate, all read from the daily rollups so that they stay fast
 * over years of invoices. Days and months are the store's (HOADON_TZ).
 */
import type { Clock } from '../clock.js';
import { addDays, addMonths, localDate, localDateTime } from '../domain/calendar.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { CHANNELS } from '../invoices/invoices.table.js';
import type { Notify } from '../notifications/notify.js';
import { quantitiesText, totalQtyOf } from './day-figures.js';
import type { ReportsRepository } from './reports.repository.js';
import type { WindowFigures } from './window-figures.js';

const lastDayOf = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);

export function createReportsService(deps: {
  reports: ReportsRepository;
  windows: WindowFigures;
  invoices: InvoicesService;
  /** Invoices scheduled but not yet made (auto-issue on paid, docs/auto-issue.md). */
  scheduledPending: () => number;
  clock: Clock;
  timeZone: string;
}) {
  const { reports, windows, invoices, clock, timeZone } = deps;
  const today = () => localDate(clock.now(), timeZone);
  const revenueOfMonth = (month: string) => reports.salesBetween(`${month}-01`, lastDayOf(month)).revenue;
  /** The last `days` store-local days: their first, and today. */
  const window = (days: number) => {
    const last = today();
    return [addDays(last, -(days - 1)), last] as const;
  };

  return {
    today,

    summary() {
      const counts = Object.fromEntries(reports.statusCounts().map((r) => [r.status, r.count])) as Record<
        string,
        number
      >;
      const month = today().slice(0, 7);
      return {
        totalIssued: (counts.issued ?? 0) + (counts.adjusted ?? 0),
        totalPending: (counts.pending ?? 0) + deps.scheduledPending(),
        totalError: counts.error ?? 0,
        revenueThisMonth: revenueOfMonth(month),
        revenueLastMonth: revenueOfMonth(addMonths(month, -1)),
      };
    },

    monthly(month: string | undefined, pageNumber: number, pageSize: number) {
      const m = month ?? today().slice(0, 7);
      const figures = reports.salesBetween(`${m}-01`, lastDayOf(m));
      const list = invoices.list({ dateFrom: `${m}-01`, dateTo: lastDayOf(m), page: pageNumber, pageSize });
      const { itemsJson, ...pagination } = list;
      return {
        month: m,
        invoicesJson: itemsJson,
        pagination,
        summary: { count: figures.invoiceCount, totalAmount: figures.revenue, taxAmount: figures.taxAmount },
      };
    },

    channels(days: number) {
      const rows = new Map(windows.channels(...window(days)).map((r) => [r.channel, r]));
      return CHANNELS.map((channel) => ({
        channel,
        count: rows.get(channel)?.count ?? 0,
        revenue: rows.get(channel)?.revenue ?? 0,
      })).sort((a, b) => b.revenue - a.revenue || a.channel.localeCompare(b.channel));
    },

    topCustomers: (days: number) => windows.topCustomers(...window(days)),

    topSkus: (days: number) => windows.topSkus(...window(days)).map((r) => ({ ...r, name: r.name ?? r.sku })),

    /** The day's aggregate: the spec's figures, then per rate and category, then quantities per unit. */
    aggregate(date: string) {
      const figures = reports.salesBetween(date, date);
      const { byRate, quantitiesByUnit } = reports.dayFigures(date);
      return {
        date,
        totalQty: totalQtyOf(quantitiesByUnit),
        totalAmount: figures.revenue,
        invoiceCount: figures.invoiceCount,
        byRate,
        quantitiesByUnit,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * End of day: once the store's clock passes `endOfDayAt`, the day's aggregate is stored and announced;
 * a node that was off at that time does it for the previous day when it starts.
 */
export function runEndOfDay(deps: {
  reports: ReportsService;
  store: { has(date: string): boolean; save(aggregate: ReturnType<ReportsService['aggregate']>, at: string): void };
  notify: Notify;
  clock: Clock;
  timeZone: string;
  endOfDayAt: string;
}): string | undefined {
  const { reports, store, notify, clock, timeZone, endOfDayAt } = deps;
  const now = clock.now();
  const today = localDate(now, timeZone);
  const due = localDateTime(now, timeZone).slice(11, 16) >= endOfDayAt ? today : addDays(today, -1);
  if (store.has(due)) return undefined;
  const aggregate = reports.aggregate(due);
  store.save(aggregate, now.toISOString());
  notify({
    type: 'aggregate',
    title: `Tổng hợp cuối ngày ${due}`,
    message: `${aggregate.invoiceCount} hóa đơn, ${quantitiesText(aggregate.quantitiesByUnit)}, doanh thu ${aggregate.totalAmount.toLocaleString('vi-VN')} đ.`,
    dedupeKey: `aggregate:${due}`,
  });
  return due;
}
