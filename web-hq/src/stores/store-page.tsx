/** One store: its sync, the settings documents HQ holds for it (and who wrote them last), its invoices. */
import { dateTime } from '../../../web/src/base/format';
import { api, call } from '../api/client';
import { Shown, useLoad } from '../load';
import { STATE_NAMES, stateOf } from './store-state';
import { CertificateCell, modeName, T as STORES } from './stores-page';

const T = {
  back: 'Tất cả cửa hàng',
  settings: 'Cài đặt đồng bộ với trụ sở',
  document: 'Tài liệu',
  origin: 'Sửa lần cuối ở',
  updated: 'Lúc',
  fromHq: 'Trụ sở',
  fromStore: 'Cửa hàng',
  noSettings: 'Cửa hàng chưa gửi cài đặt nào. Cài đặt hiện ra sau lần đồng bộ đầu tiên.',
  invoices: 'Xem hóa đơn của cửa hàng này',
  taxProblems: (n: number) => `${n} lỗi cơ quan thuế chưa xử lý`,
  names: { templates: 'Mẫu hóa đơn', automation: 'Tự động phát hành', plan: 'Gói dịch vụ' } as Record<string, string>,
};

export function StorePage({ id }: { id: string }) {
  const [loaded, retry] = useLoad(async () => {
    const [store, settings, facts, problems] = await Promise.all([
      call(api.GET('/hq/v1/stores/{id}', { params: { path: { id } } })),
      call(api.GET('/hq/v1/stores/{id}/settings', { params: { path: { id } } })),
      call(api.GET('/hq/v1/stores/{id}/facts', { params: { path: { id } } })),
      call(api.GET('/hq/v1/tax-problems', { params: { query: { storeId: id } } })),
    ]);
    return { store, settings, facts: facts ?? undefined, openProblems: problems.items.length };
  }, [id]);
  return (
    <section>
      <p>
        <a href="/cua-hang">{T.back}</a>
      </p>
      <Shown loaded={loaded} retry={retry}>
        {({ store, settings, facts, openProblems }) => (
          <>
            <h1>{store.name}</h1>
            <dl class="facts">
              <dt>{STORES.id}</dt>
              <dd translate={false}>{store.id}</dd>
              <dt>{STORES.mst}</dt>
              <dd>{facts?.mst ?? STORES.notReported}</dd>
              <dt>{STORES.mode}</dt>
              <dd>{modeName(facts)}</dd>
              <dt>{STORES.symbols}</dt>
              <dd>{facts ? facts.symbols.join(', ') || STORES.notReported : STORES.notReported}</dd>
              <dt>{STORES.certificate}</dt>
              <dd>
                <CertificateCell facts={facts} />
              </dd>
              <dt>{STORES.state}</dt>
              <dd>{STATE_NAMES[stateOf(store, Date.now())]}</dd>
              <dt>{STORES.lastPush}</dt>
              <dd>{store.lastPushAt ? dateTime(store.lastPushAt) : STORES.never}</dd>
              <dt>{STORES.lastPull}</dt>
              <dd>{store.lastPullAt ? dateTime(store.lastPullAt) : STORES.never}</dd>
              <dt>{STORES.backlog}</dt>
              <dd>{store.pendingOutbox ?? STORES.unknown}</dd>
              <dt>{STORES.version}</dt>
              <dd>{facts?.version ?? store.version ?? STORES.unknown}</dd>
              <dt>{STORES.invoices}</dt>
              <dd>{store.invoiceCount}</dd>
            </dl>
            <p class="row">
              <a class="button" href={`/hoa-don?cua-hang=${encodeURIComponent(store.id)}`}>
                {T.invoices}
              </a>
              {openProblems > 0 && (
                <a class="button" href="/loi-co-quan-thue">
                  {T.taxProblems(openProblems)}
                </a>
              )}
            </p>
            <h2>{T.settings}</h2>
            {settings.current.length === 0 ? (
              <p class="notice">{T.noSettings}</p>
            ) : (
              <ul>
                {settings.current.map((entry) => (
                  <li key={entry.name}>
                    {T.names[entry.name] ?? entry.name}: {T.origin} {entry.origin === 'hq' ? T.fromHq : T.fromStore},{' '}
                    {dateTime(entry.updatedAt)}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Shown>
    </section>
  );
}
