/**
 * Hóa đơn: every store's invoices (the caller's stores), newest first, a page at a time by HQ's keyset cursor,
 * filtered on the server by store, dates, status, number, symbol, buyer MST and total (the filters live in the
 * address, so a filtered list can be shared; dates typed dd/mm/yyyy as in the store's console). The same filters export to CSV and Excel
 * (GET /hq/v1/invoices/export, a link the browser downloads).
 */
import { useEffect, useState } from 'preact/hooks';
import { DateInput } from '../../../web/src/base/date-input';
import { date, money } from '../../../web/src/base/format';
import { setQuery, useLocation } from '../../../web/src/base/router';
import { Table } from '../../../web/src/base/table';
import { api, call, type StoreSummary } from '../api/client';
import { Shown, useLoad } from '../load';
import { STATUS_NAMES, statusName } from '../strings';

export const T = {
  title: 'Hóa đơn',
  store: 'Cửa hàng',
  allStores: 'Tất cả cửa hàng',
  from: 'Từ ngày',
  to: 'Đến ngày',
  status: 'Trạng thái',
  allStatuses: 'Mọi trạng thái',
  number: 'Số hóa đơn',
  symbolField: 'Ký hiệu (ví dụ 1C26MAA)',
  buyerMst: 'MST người mua',
  minTotal: 'Tổng tiền từ (đồng)',
  maxTotal: 'Tổng tiền đến (đồng)',
  filter: 'Lọc',
  invoice: 'Hóa đơn',
  symbol: 'Ký hiệu',
  issued: 'Ngày lập',
  buyer: 'Người mua',
  total: 'Tổng tiền',
  open: 'Xem',
  demo: 'dùng thử',
  more: 'Trang sau',
  first: 'Về trang đầu',
  exportCsv: 'Tải tệp CSV',
  exportXlsx: 'Tải tệp Excel',
  exportNote: 'Tệp tải về gồm mọi hóa đơn khớp bộ lọc.',
  empty: 'Không có hóa đơn nào khớp bộ lọc. Bỏ bớt điều kiện lọc, hoặc chờ cửa hàng đồng bộ hóa đơn lên trụ sở.',
};

/** Money typed the way it is shown (`25.000`): its digits. */
const digits = (text: string | undefined) => (text ? text.replace(/\D/g, '') || undefined : undefined);

const PAGE = 50;

export interface InvoiceFilters {
  storeId?: string;
  dateFrom?: string;
  dateTo?: string;
  status?: string;
  number?: string;
  symbol?: string;
  buyerMst?: string;
  totalMin?: string;
  totalMax?: string;
}

export const queryOf = (f: InvoiceFilters, cursor?: string) => ({
  ...(f.storeId ? { storeId: f.storeId } : {}),
  ...(f.dateFrom ? { dateFrom: f.dateFrom } : {}),
  ...(f.dateTo ? { dateTo: f.dateTo } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.number?.trim() ? { number: Number(f.number.trim()) } : {}),
  ...(f.symbol?.trim() ? { symbol: f.symbol.trim() } : {}),
  ...(f.buyerMst?.trim() ? { buyerMst: f.buyerMst.trim() } : {}),
  ...(digits(f.totalMin) ? { totalMin: Number(digits(f.totalMin)) } : {}),
  ...(digits(f.totalMax) ? { totalMax: Number(digits(f.totalMax)) } : {}),
  ...(cursor ? { cursor } : {}),
  limit: PAGE,
});

function exportHref(f: InvoiceFilters, format: 'csv' | 'xlsx'): string {
  const { limit: _, ...query } = queryOf(f);
  const text = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/hq/v1/invoices/export?${new URLSearchParams({ ...text, format })}`;
}

function Filters({ stores, filters }: { stores: StoreSummary[]; filters: InvoiceFilters }) {
  const [form, setForm] = useState(filters);
  return (
    <form
      class="filters row"
      onSubmit={(e) => {
        e.preventDefault();
        setQuery({
          'cua-hang': form.storeId,
          tu: form.dateFrom,
          den: form.dateTo,
          'trang-thai': form.status,
          so: form.number,
          'ky-hieu': form.symbol,
          mst: form.buyerMst,
          'tien-tu': form.totalMin,
          'tien-den': form.totalMax,
        });
      }}
    >
      <label>
        {T.store}
        <select value={form.storeId ?? ''} onChange={(e) => setForm({ ...form, storeId: e.currentTarget.value })}>
          <option value="">{T.allStores}</option>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <div>
        <label for="hq-date-from">{T.from}</label>
        <DateInput
          id="hq-date-from"
          value={form.dateFrom ?? ''}
          onChange={(value) => setForm({ ...form, dateFrom: value })}
        />
      </div>
      <div>
        <label for="hq-date-to">{T.to}</label>
        <DateInput
          id="hq-date-to"
          value={form.dateTo ?? ''}
          onChange={(value) => setForm({ ...form, dateTo: value })}
        />
      </div>
      <label>
        {T.status}
        <select value={form.status ?? ''} onChange={(e) => setForm({ ...form, status: e.currentTarget.value })}>
          <option value="">{T.allStatuses}</option>
          {Object.entries(STATUS_NAMES).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {T.number}
        <input
          inputMode="numeric"
          value={form.number ?? ''}
          onInput={(e) => setForm({ ...form, number: e.currentTarget.value })}
        />
      </label>
      <label>
        {T.symbolField}
        <input value={form.symbol ?? ''} onInput={(e) => setForm({ ...form, symbol: e.currentTarget.value })} />
      </label>
      <label>
        {T.buyerMst}
        <input
          inputMode="numeric"
          value={form.buyerMst ?? ''}
          onInput={(e) => setForm({ ...form, buyerMst: e.currentTarget.value })}
        />
      </label>
      <label>
        {T.minTotal}
        <input
          inputMode="numeric"
          value={form.totalMin ?? ''}
          onInput={(e) => setForm({ ...form, totalMin: e.currentTarget.value })}
        />
      </label>
      <label>
        {T.maxTotal}
        <input
          inputMode="numeric"
          value={form.totalMax ?? ''}
          onInput={(e) => setForm({ ...form, totalMax: e.currentTarget.value })}
        />
      </label>
      <button type="submit" class="primary">
        {T.filter}
      </button>
    </form>
  );
}

export function InvoicesPage() {
  const { query } = useLocation();
  const filters: InvoiceFilters = {
    storeId: query.get('cua-hang') ?? undefined,
    dateFrom: query.get('tu') ?? undefined,
    dateTo: query.get('den') ?? undefined,
    status: query.get('trang-thai') ?? undefined,
    number: query.get('so') ?? undefined,
    symbol: query.get('ky-hieu') ?? undefined,
    buyerMst: query.get('mst') ?? undefined,
    totalMin: query.get('tien-tu') ?? undefined,
    totalMax: query.get('tien-den') ?? undefined,
  };
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const key = JSON.stringify(filters);
  // New filters start from the newest page.
  useEffect(() => setCursors([]), [key]);
  const [stores] = useLoad(() => call(api.GET('/hq/v1/stores')), []);
  const [loaded, retry] = useLoad(
    () => call(api.GET('/hq/v1/invoices/cursor', { params: { query: queryOf(filters, cursor) } })),
    [key, cursor],
  );
  const storeList = stores.state === 'done' ? stores.value : [];
  const storeName = (id: string) => storeList.find((s) => s.id === id)?.name ?? id;

  return (
    <section>
      <h1>{T.title}</h1>
      {stores.state === 'done' && <Filters key={key} stores={storeList} filters={filters} />}
      <p class="row">
        <a class="button" href={exportHref(filters, 'csv')} download>
          {T.exportCsv}
        </a>
        <a class="button" href={exportHref(filters, 'xlsx')} download>
          {T.exportXlsx}
        </a>
        <span class="muted">{T.exportNote}</span>
      </p>
      <Shown loaded={loaded} retry={retry}>
        {(page) => {
          const rows = page.items;
          return (
            <>
              {rows.length === 0 ? (
                <p class="notice">{T.empty}</p>
              ) : (
                <Table
                  caption={T.title}
                  columns={[
                    { label: T.invoice },
                    { label: T.issued },
                    { label: T.store },
                    { label: T.buyer },
                    { label: T.status },
                    { label: T.total, num: true },
                  ]}
                  rows={rows}
                  rowKey={(i) => `${i.storeId}/${i.id}`}
                  cells={(i) => [
                    <span key="n">
                      <a href={`/hoa-don/${encodeURIComponent(i.storeId)}/${encodeURIComponent(i.id)}`}>
                        {`${i.kyHieu} số ${i.number}`}
                      </a>
                      {i.demo && <span class="badge"> {T.demo}</span>}
                    </span>,
                    date(i.issueDate),
                    storeName(i.storeId),
                    `${i.buyer.name}${i.buyer.mst ? ` (MST ${i.buyer.mst})` : ''}`,
                    statusName(i.status),
                    money(i.total),
                  ]}
                />
              )}
              <div class="pager">
                {cursors.length > 0 && (
                  <button type="button" onClick={() => setCursors([])}>
                    {T.first}
                  </button>
                )}
                {page.nextCursor && (
                  <button type="button" onClick={() => setCursors([...cursors, page.nextCursor as string])}>
                    {T.more}
                  </button>
                )}
              </div>
            </>
          );
        }}
      </Shown>
    </section>
  );
}
