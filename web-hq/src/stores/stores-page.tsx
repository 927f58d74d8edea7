/** Cửa hàng: every store of the caller's with its sync: last push and pull, backlog, version, offline flag. */
import { date, dateTime } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call, type StoreFacts } from '../api/client';
import { Shown, useLoad } from '../load';
import { STATE_NAMES, stateOf } from './store-state';

export const T = {
  title: 'Cửa hàng',
  name: 'Tên cửa hàng',
  id: 'Mã cửa hàng',
  state: 'Tình trạng',
  version: 'Phiên bản',
  lastPush: 'Gửi lên lần cuối',
  lastPull: 'Nhận về lần cuối',
  backlog: 'Thay đổi chờ gửi',
  invoices: 'Số hóa đơn',
  never: 'Chưa có',
  unknown: 'Chưa báo',
  empty:
    'Chưa có cửa hàng nào kết nối: đăng ký bằng lệnh hoadon hq store add trên máy trụ sở, rồi chạy hoadon sync connect trên máy cửa hàng.',
  offlineCount: (n: number) => `${n} cửa hàng mất liên lạc hơn 1 giờ.`,
  expiringCount: (n: number) => `${n} cửa hàng có chứng thư số hết hạn trong vòng 30 ngày.`,
  mst: 'Mã số thuế',
  mode: 'Chế độ',
  live: 'Chính thức',
  demo: 'Dùng thử',
  certificate: 'Chứng thư số hết hạn',
  demoKey: 'Khóa dùng thử',
  expiring: 'sắp hết hạn',
  symbols: 'Ký hiệu hóa đơn',
  notReported: 'Chưa báo',
};

/** What the store last reported of itself, by store id. */
export async function factsByStore(): Promise<Map<string, StoreFacts>> {
  const { items } = await call(api.GET('/hq/v1/store-facts'));
  return new Map(items.map((f) => [f.storeId, f]));
}

export const modeName = (facts: StoreFacts | undefined) =>
  !facts ? T.notReported : facts.mode === 'live' ? T.live : T.demo;

export function CertificateCell({ facts }: { facts: StoreFacts | undefined }) {
  if (!facts) return <>{T.notReported}</>;
  if (!facts.certificateExpiresAt) return <>{T.demoKey}</>;
  return (
    <span class={facts.certificateExpiring ? 'alert-text' : undefined} data-expiring={facts.certificateExpiring}>
      {date(facts.certificateExpiresAt.slice(0, 10))}
      {facts.certificateExpiring && <strong> ({T.expiring})</strong>}
    </span>
  );
}

export function StoresPage() {
  const [loaded, retry] = useLoad(async () => {
    const [stores, facts] = await Promise.all([call(api.GET('/hq/v1/stores')), factsByStore()]);
    return { stores, facts };
  }, []);
  const now = Date.now();
  return (
    <section>
      <h1>{T.title}</h1>
      <Shown loaded={loaded} retry={retry}>
        {({ stores, facts }) => {
          if (stores.length === 0) return <p class="notice">{T.empty}</p>;
          const offline = stores.filter((s) => stateOf(s, now) === 'offline').length;
          const expiring = [...facts.values()].filter((f) => f.certificateExpiring).length;
          return (
            <>
              {offline > 0 && (
                <p class="alert" role="status">
                  {T.offlineCount(offline)}
                </p>
              )}
              {expiring > 0 && (
                <p class="alert" role="status">
                  {T.expiringCount(expiring)}
                </p>
              )}
              <Table
                caption={T.title}
                columns={[
                  { label: T.name },
                  { label: T.mst },
                  { label: T.state },
                  { label: T.mode },
                  { label: T.certificate },
                  { label: T.lastPush },
                  { label: T.lastPull },
                  { label: T.backlog, num: true },
                  { label: T.version },
                  { label: T.invoices, num: true },
                ]}
                rows={stores}
                rowKey={(s) => s.id}
                cells={(s) => {
                  const state = stateOf(s, now);
                  const f = facts.get(s.id);
                  return [
                    <a href={`/cua-hang/${encodeURIComponent(s.id)}`} key="name">
                      {s.name}
                    </a>,
                    f?.mst ?? T.notReported,
                    <span key="state" class={state === 'online' ? 'ok' : 'alert-text'} data-state={state}>
                      {STATE_NAMES[state]}
                    </span>,
                    modeName(f),
                    <CertificateCell key="cert" facts={f} />,
                    s.lastPushAt ? dateTime(s.lastPushAt) : T.never,
                    s.lastPullAt ? dateTime(s.lastPullAt) : T.never,
                    s.pendingOutbox ?? T.unknown,
                    s.version ?? T.unknown,
                    s.invoiceCount,
                  ];
                }}
              />
            </>
          );
        }}
      </Shown>
    </section>
  );
}
