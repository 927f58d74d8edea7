/**
 * Hàng hóa và cài đặt: send a product (a new one or a new price) to every store through the feed, edit a store's
 * templates and automation documents, and see for each store whether it has applied the latest catalogue and
 * settings HQ sent (what it reports applying: GET /hq/v1/feed-applied). The owner edits; an accountant reads
 * every store, a manager the stores listed on the user (HQ answers only those).
 */
import { useState } from 'preact/hooks';
import { dateTime } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call } from '../api/client';
import { Shown, useLoad } from '../load';
import { useSession } from '../session';
import { StoreSettingsForms } from './store-settings';

const T = {
  title: 'Hàng hóa và cài đặt',
  intro: 'Hàng hóa gửi từ đây được áp dụng ở mọi cửa hàng trong lần đồng bộ kế tiếp (thường trong vài phút).',
  sku: 'Mã hàng',
  name: 'Tên hàng',
  unit: 'Đơn vị tính',
  price: 'Đơn giá (đồng)',
  rate: 'Thuế suất',
  send: 'Gửi xuống các cửa hàng',
  sending: 'Đang gửi…',
  sent: (count: number) => `Đã gửi ${count} mặt hàng. Theo dõi các cửa hàng nhận bản mới ở bảng dưới.`,
  stores: 'Cửa hàng đã áp dụng bản mới nhất',
  store: 'Cửa hàng',
  catalogue: 'Hàng hóa',
  settings: 'Cài đặt',
  lastPull: 'Nhận về lần cuối',
  yes: 'Đã áp dụng',
  no: 'Chưa áp dụng',
  nothing: 'Chưa gửi',
  refresh: 'Cập nhật',
  storeSettings: 'Cài đặt của cửa hàng',
  pick: 'Chọn cửa hàng',
  never: 'Chưa có',
  empty: 'Chưa có cửa hàng nào kết nối: chạy lệnh hoadon sync connect trên máy cửa hàng.',
};

const RATES = [
  { value: '0.1', label: '10 %' },
  { value: '0.08', label: '8 %' },
  { value: '0.05', label: '5 %' },
  { value: '0', label: '0 %' },
];

export function CataloguePage() {
  const [form, setForm] = useState({ sku: '', name: '', unit: '', unitPrice: '', taxRate: '0.1' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  const [picked, setPicked] = useState('');
  const state = useSession();
  const role = !state.loading ? state.session?.user.role : undefined;
  const owner = role === 'owner' || role === 'admin';
  const [stores, retry] = useLoad(async () => {
    const [list, applied] = await Promise.all([
      call(api.GET('/hq/v1/stores')),
      call(api.GET('/hq/v1/feed-applied', { params: { query: {} } })),
    ]);
    const of = new Map(applied.items.map((a) => [a.storeId, a]));
    return list.map((s) => ({ ...s, applied: of.get(s.id) }));
  }, [round]);
  const appliedText = (sent: number | null | undefined, done: boolean | undefined) =>
    sent === null || sent === undefined ? T.nothing : done ? T.yes : T.no;

  async function send(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    setMessage('');
    try {
      const sent = await call(
        api.PUT('/hq/v1/products', {
          body: [
            {
              sku: form.sku.trim(),
              name: form.name.trim(),
              ...(form.unit.trim() ? { unit: form.unit.trim() } : {}),
              unitPrice: Number(form.unitPrice.replace(/\D/g, '')),
              taxRate: Number(form.taxRate),
            },
          ],
        }),
      );
      setRound((r) => r + 1);
      setMessage(T.sent(sent.count));
    } catch (problem) {
      setError((problem as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'sku' | 'name' | 'unit' | 'unitPrice', label: string, extra = {}) => (
    <label>
      {label}
      <input
        name={name}
        value={form[name]}
        onInput={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
        {...extra}
      />
    </label>
  );

  return (
    <section>
      <h1>{T.title}</h1>
      <p class="muted">{T.intro}</p>
      {owner && (
        <form class="filters row" onSubmit={send} aria-label={T.send}>
          {field('sku', T.sku, { required: true })}
          {field('name', T.name, { required: true })}
          {field('unit', T.unit)}
          {field('unitPrice', T.price, { required: true, inputMode: 'numeric' })}
          <label>
            {T.rate}
            <select value={form.taxRate} onChange={(e) => setForm({ ...form, taxRate: e.currentTarget.value })}>
              {RATES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="primary" disabled={busy}>
            {busy ? T.sending : T.send}
          </button>
        </form>
      )}
      {message && (
        <p class="notice" role="status">
          {message}
        </p>
      )}
      {error && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <h2>{T.stores}</h2>
      <button type="button" onClick={retry}>
        {T.refresh}
      </button>
      <Shown loaded={stores} retry={retry}>
        {(list) =>
          list.length === 0 ? (
            <p class="notice">{T.empty}</p>
          ) : (
            <Table
              caption={T.stores}
              columns={[{ label: T.store }, { label: T.catalogue }, { label: T.settings }, { label: T.lastPull }]}
              rows={list}
              rowKey={(s) => s.id}
              cells={(s) => [
                s.name,
                appliedText(s.applied?.productsCursor, s.applied?.catalogueApplied),
                appliedText(s.applied?.settingsCursor, s.applied?.settingsApplied),
                s.lastPullAt ? dateTime(s.lastPullAt) : T.never,
              ]}
            />
          )
        }
      </Shown>
      <h2>{T.storeSettings}</h2>
      {stores.state === 'done' && stores.value.length > 0 && (
        <label>
          {T.pick}
          <select value={picked} onChange={(e) => setPicked(e.currentTarget.value)}>
            <option value="">—</option>
            {stores.value.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {picked && <StoreSettingsForms storeId={picked} editable={owner} onSent={() => setRound((r) => r + 1)} />}
    </section>
  );
}
