/** Cửa hàng: every store of the caller's with its sync: last push and pull, backlog, version, offline flag. */
import { dateTime } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call } from '../api/client';
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
};

export function StoresPage() {
  const [loaded, retry] = useLoad(() => call(api.GET('/hq/v1/stores')), []);
  const now = Date.now();
  return (
    <section>
      <h1>{T.title}</h1>
      <Shown loaded={loaded} retry={retry}>
        {(stores) => {
          if (stores.length === 0) return <p class="notice">{T.empty}</p>;
          const offline = stores.filter((s) => stateOf(s, now) === 'offline').length;
          return (
            <>
              {offline > 0 && (
                <p class="alert" role="status">
                  {T.offlineCount(offline)}
                </p>
              )}
              <Table
                caption={T.title}
                columns={[
                  { label: T.name },
                  { label: T.state },
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
                  return [
                    <a href={`/cua-hang/${encodeURIComponent(s.id)}`} key="name">
                      {s.name}
                    </a>,
                    <span key="state" class={state === 'online' ? 'ok' : 'alert-text'} data-state={state}>
                      {STATE_NAMES[state]}
                    </span>,
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
