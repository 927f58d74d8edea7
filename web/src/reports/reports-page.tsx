/**
 * Reports for the owner and the accountant: the summary, a month's invoices and totals, and over a window of
 * days the channels, top customers and top SKUs, each as a chart with its table. The month and the window
 * are in the URL. The month's sales ledger (bảng kê bán ra) downloads as Excel.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { money, quantity, thisMonth } from '../base/format';
import { saveFile } from '../base/print';
import { setQuery, useLocation } from '../base/router';
import { Ranking } from './ranking';

const T = {
  title: 'Báo cáo',
  summary: 'Tổng quan',
  issued: 'Hóa đơn đã phát hành',
  pending: 'Chờ phát hành',
  errors: 'Bị từ chối',
  thisMonth: 'Doanh thu tháng này',
  lastMonth: 'Doanh thu tháng trước',
  month: 'Tháng',
  days: 'Số ngày gần đây',
  show: 'Xem',
  monthly: (m: string) => `Tháng ${m.slice(5, 7)}/${m.slice(0, 4)}`,
  count: 'Số hóa đơn',
  amount: 'Tổng tiền',
  tax: 'Tiền thuế',
  ledger: 'Tải bảng kê bán ra (Excel)',
  channels: 'Doanh thu theo kênh',
  topCustomers: 'Khách hàng mua nhiều nhất',
  topSkus: 'Mặt hàng bán chạy',
  channel: 'Kênh',
  customer: 'Khách hàng',
  sku: 'Mặt hàng',
  revenue: 'Doanh thu',
  quantity: 'Số lượng',
};

const CHANNELS: Record<string, string> = { admin: 'Quản trị', pos: 'Quầy (POS)', web: 'Web', auto: 'Tự động' };

type Summary = Schema<'/api/v1/reports/summary', 'get'>;
type Monthly = Schema<'/api/v1/reports/monthly', 'get'>;
type Channels = Schema<'/api/v1/analytics/channels', 'get'>;
type TopCustomers = Schema<'/api/v1/analytics/top-customers', 'get'>;
type TopSkus = Schema<'/api/v1/analytics/top-skus', 'get'>;

export function ReportsPage() {
  const { query } = useLocation();
  const month = query.get('month') ?? thisMonth();
  const days = Number(query.get('days') ?? '30') || 30;
  const [form, setForm] = useState({ month, days: String(days) });
  const [summary, setSummary] = useState<Summary>();
  const [monthly, setMonthly] = useState<Monthly>();
  const [channels, setChannels] = useState<Channels>([]);
  const [customers, setCustomers] = useState<TopCustomers>([]);
  const [skus, setSkus] = useState<TopSkus>([]);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    call(api.GET('/api/v1/reports/summary')).then(setSummary, setError);
  }, []);
  useEffect(() => {
    setForm({ month, days: String(days) });
    setError(undefined);
    call(api.GET('/api/v1/reports/monthly', { params: { query: { month, pageSize: 1 } } })).then(setMonthly, setError);
    const window = { params: { query: { days } } };
    call(api.GET('/api/v1/analytics/channels', window)).then(setChannels, setError);
    call(api.GET('/api/v1/analytics/top-customers', window)).then(setCustomers, setError);
    call(api.GET('/api/v1/analytics/top-skus', window)).then(setSkus, setError);
  }, [month, days]);

  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">{T.title}</h1>
      {summary && (
        <div class="cards">
          {(
            [
              [T.issued, String(summary.totalIssued)],
              [T.pending, String(summary.totalPending)],
              [T.errors, String(summary.totalError)],
              [T.thisMonth, money(summary.revenueThisMonth)],
              [T.lastMonth, money(summary.revenueLastMonth)],
            ] as const
          ).map(([name, value]) => (
            <div class="card" key={name}>
              <div class="muted">{name}</div>
              <div class="figure">{value}</div>
            </div>
          ))}
        </div>
      )}
      <form
        class="filters row"
        aria-label={T.show}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ month: form.month, days: form.days });
        }}
      >
        <div>
          <label for="report-month">{T.month}</label>
          <input
            id="report-month"
            type="month"
            value={form.month}
            onInput={(e) => setForm({ ...form, month: e.currentTarget.value })}
          />
        </div>
        <div>
          <label for="report-days">{T.days}</label>
          <input
            id="report-days"
            type="number"
            min="1"
            max="366"
            value={form.days}
            onInput={(e) => setForm({ ...form, days: e.currentTarget.value })}
          />
        </div>
        <button type="submit" class="primary">
          {T.show}
        </button>
        <button
          type="button"
          onClick={() =>
            saveFile(`/api/v1/exports/sales-ledger?month=${month}&format=xlsx`, `bang-ke-ban-ra-${month}.xlsx`).catch(
              setError,
            )
          }
        >
          {T.ledger}
        </button>
      </form>
      <FormError error={error} />
      {monthly && (
        <section class="panel" aria-labelledby="monthly-title">
          <h2 id="monthly-title">{T.monthly(monthly.month)}</h2>
          <dl class="facts">
            <dt>{T.count}</dt>
            <dd>{monthly.summary.count}</dd>
            <dt>{T.amount}</dt>
            <dd>{money(monthly.summary.totalAmount)}</dd>
            <dt>{T.tax}</dt>
            <dd>{money(monthly.summary.taxAmount)}</dd>
          </dl>
        </section>
      )}
      <Ranking
        title={T.channels}
        columns={[T.channel, T.count, T.revenue]}
        rows={channels.map((c) => ({
          key: c.channel,
          label: CHANNELS[c.channel] ?? c.channel,
          figures: [String(c.count), money(c.revenue)],
          value: c.revenue,
        }))}
      />
      <Ranking
        title={T.topCustomers}
        columns={[T.customer, T.count, T.revenue]}
        rows={customers.map((c) => ({
          key: c.customerId,
          label: c.name,
          figures: [String(c.invoiceCount), money(c.revenue)],
          value: c.revenue,
        }))}
      />
      <Ranking
        title={T.topSkus}
        columns={[T.sku, T.quantity, T.revenue]}
        rows={skus.map((s) => ({
          key: s.sku,
          label: `${s.name} (${s.sku})`,
          figures: [quantity(s.quantity), money(s.revenue)],
          value: s.revenue,
        }))}
      />
    </section>
  );
}
