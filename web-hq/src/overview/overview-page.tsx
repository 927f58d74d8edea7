/**
 * Tổng quan: today and the last 7 days per store and in total (revenue with tax, invoices, average ticket),
 * a chart of the 7 days, and the same split by tax rate and category. Every figure is GET /hq/v1/revenue's:
 * issued and adjusted invoices, from the stores' synced invoices.
 */
import { BarChart } from '../../../web/src/base/bar-chart';
import { date, money, today } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call, type RevenueItem, type StoreSummary } from '../api/client';
import { Shown, useLoad } from '../load';
import { taxGroupName } from '../strings';

const T = {
  title: 'Tổng quan',
  today: 'Hôm nay',
  week: '7 ngày qua',
  revenue: 'Doanh thu (gồm thuế)',
  invoices: 'Số hóa đơn',
  average: 'Trung bình mỗi hóa đơn',
  byStore: 'Doanh thu (gồm thuế) theo cửa hàng',
  byRate: 'Theo thuế suất (7 ngày qua)',
  store: 'Cửa hàng',
  rate: 'Thuế suất',
  beforeTax: 'Trước thuế',
  tax: 'Tiền thuế',
  total: 'Tổng cộng',
  chart: 'Doanh thu 7 ngày qua theo ngày (gồm thuế)',
  scope:
    'Số liệu gồm hóa đơn đã phát hành và hóa đơn điều chỉnh mà cửa hàng đã đồng bộ lên trụ sở, không gồm hóa đơn dùng thử.',
  manyRates: 'Một hóa đơn có nhiều thuế suất được đếm ở mỗi thuế suất của nó.',
  noStores: 'Chưa có cửa hàng nào kết nối: chạy lệnh hoadon sync connect trên máy cửa hàng.',
  noSales: 'Chưa có doanh thu trong 7 ngày qua. Số liệu hiện ra khi cửa hàng bán hàng và đồng bộ lên trụ sở.',
};

interface Figures {
  invoices: number;
  amount: number;
  taxAmount: number;
}

const empty = (): Figures => ({ invoices: 0, amount: 0, taxAmount: 0 });
const add = (into: Figures, row: Figures) => {
  into.invoices += row.invoices;
  into.amount += row.amount;
  into.taxAmount += row.taxAmount;
};
const gross = (f: Figures) => f.amount + f.taxAmount;
const average = (f: Figures) => (f.invoices > 0 ? money(Math.round(gross(f) / f.invoices)) : '–');

/** `yyyy-MM-dd` n days before a `yyyy-MM-dd` date (calendar arithmetic in UTC, no time zone involved). */
function daysBefore(day: string, n: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - n);
  return at.toISOString().slice(0, 10);
}

function FigureCards({ label, figures, id }: { label: string; figures: Figures; id: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <div class="cards">
        <div class="card">
          <div class="muted">{T.revenue}</div>
          <div class="figure" data-testid={`${id}-revenue`}>
            {money(gross(figures))}
          </div>
        </div>
        <div class="card">
          <div class="muted">{T.invoices}</div>
          <div class="figure" data-testid={`${id}-invoices`}>
            {figures.invoices}
          </div>
        </div>
        <div class="card">
          <div class="muted">{T.average}</div>
          <div class="figure">{average(figures)}</div>
        </div>
      </div>
    </section>
  );
}

function Overview({ stores, items, day }: { stores: StoreSummary[]; items: RevenueItem[]; day: string }) {
  if (stores.length === 0) return <p class="notice">{T.noStores}</p>;
  const days = Array.from({ length: 7 }, (_, i) => daysBefore(day, 6 - i));
  const perStore = new Map(stores.map((s) => [s.id, { today: empty(), week: empty() }]));
  const perDay = new Map(days.map((d) => [d, empty()]));
  const perRate = new Map<string, Figures>();
  const total = { today: empty(), week: empty() };
  for (const row of items) {
    const store = perStore.get(row.storeId);
    if (store) add(store.week, row);
    add(total.week, row);
    if (row.date === day) {
      if (store) add(store.today, row);
      add(total.today, row);
    }
    const dayFigures = perDay.get(row.date);
    if (dayFigures) add(dayFigures, row);
    const rate = perRate.get(row.taxGroup) ?? empty();
    add(rate, row);
    perRate.set(row.taxGroup, rate);
  }
  const storeColumns = [
    { label: T.store },
    { label: T.today, num: true },
    { label: T.week, num: true },
    { label: `${T.invoices} (${T.week.toLowerCase()})`, num: true },
    { label: T.average, num: true },
  ];
  const cellsOf = (f: { today: Figures; week: Figures }) => [
    money(gross(f.today)),
    money(gross(f.week)),
    f.week.invoices,
    average(f.week),
  ];
  return (
    <>
      <FigureCards label={`${T.today} (${date(day)})`} figures={total.today} id="today" />
      <FigureCards label={`${T.week} (${date(days[0] ?? day)} – ${date(day)})`} figures={total.week} id="week" />
      {items.length === 0 ? (
        <p class="notice">{T.noSales}</p>
      ) : (
        <BarChart
          label={T.chart}
          labels={days.map((d) => date(d).slice(0, 5))}
          values={days.map((d) => gross(perDay.get(d) ?? empty()))}
        />
      )}
      <h2>{T.byStore}</h2>
      <Table
        caption={T.byStore}
        columns={storeColumns}
        rows={stores}
        rowKey={(s) => s.id}
        cells={(s) => [
          <a href={`/cua-hang/${encodeURIComponent(s.id)}`} key="name">
            {s.name}
          </a>,
          ...cellsOf(perStore.get(s.id) ?? { today: empty(), week: empty() }),
        ]}
        footer={
          <tr data-testid="store-total">
            <th scope="row">{T.total}</th>
            {cellsOf(total).map((cell, i) => (
              <td key={i} class="num">
                {cell}
              </td>
            ))}
          </tr>
        }
      />
      <h2>{T.byRate}</h2>
      <Table
        caption={T.byRate}
        columns={[
          { label: T.rate },
          { label: T.invoices, num: true },
          { label: T.beforeTax, num: true },
          { label: T.tax, num: true },
          { label: T.revenue, num: true },
        ]}
        rows={[...perRate.entries()].sort(([a], [b]) => a.localeCompare(b))}
        rowKey={([group]) => group}
        cells={([group, f]) => [taxGroupName(group), f.invoices, money(f.amount), money(f.taxAmount), money(gross(f))]}
      />
      <p class="muted">
        {T.scope} {T.manyRates}
      </p>
    </>
  );
}

export function OverviewPage() {
  const day = today();
  const [loaded, retry] = useLoad(async () => {
    const [stores, revenue] = await Promise.all([
      call(api.GET('/hq/v1/stores')),
      call(api.GET('/hq/v1/revenue', { params: { query: { dateFrom: daysBefore(day, 6), dateTo: day, per: 'day' } } })),
    ]);
    return { stores, items: revenue.items };
  }, [day]);
  return (
    <section>
      <h1>{T.title}</h1>
      <Shown loaded={loaded} retry={retry}>
        {(value) => <Overview stores={value.stores} items={value.items} day={day} />}
      </Shown>
    </section>
  );
}
