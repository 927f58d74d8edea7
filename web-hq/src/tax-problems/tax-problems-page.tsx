/**
 * Lỗi cơ quan thuế: every invoice of the caller's stores that the tax authority refused or left waiting
 * ("cần kiểm tra"), with the authority's reason and a link to its store, as the stores report them through sync.
 * An accountant or the owner marks one handled with a note (HQ keeps who, when and the note).
 */
import { useState } from 'preact/hooks';
import { date, dateTime, money } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call, type TaxProblem } from '../api/client';
import { Shown, useLoad } from '../load';
import { useSession } from '../session';

export const T = {
  title: 'Lỗi cơ quan thuế',
  intro:
    'Hóa đơn bị cơ quan thuế từ chối hoặc đang chờ kiểm tra ở các cửa hàng, theo báo cáo của từng cửa hàng khi đồng bộ.',
  store: 'Cửa hàng',
  invoice: 'Hóa đơn',
  issued: 'Ngày lập',
  total: 'Tổng tiền',
  state: 'Tình trạng',
  reason: 'Lý do của cơ quan thuế',
  at: 'Lúc',
  handled: 'Xử lý',
  rejected: 'Bị từ chối',
  attention: 'Cần kiểm tra',
  demo: 'dùng thử',
  closed: 'Cửa hàng đã gửi lại',
  handledBy: (by: string, at: string) => `Đã xử lý bởi ${by}, ${at}`,
  mark: 'Đánh dấu đã xử lý',
  note: 'Ghi chú cách xử lý',
  save: 'Lưu',
  cancel: 'Hủy',
  showAll: 'Xem cả lỗi đã xử lý',
  showOpen: 'Chỉ xem lỗi chưa xử lý',
  number: (p: TaxProblem) => `${p.mauSo}${p.kyHieu} số ${p.number}`,
  empty: 'Không có lỗi nào cần xử lý: mọi hóa đơn các cửa hàng báo lên đều đã được cơ quan thuế nhận.',
  emptyAll:
    'Chưa cửa hàng nào báo lỗi cơ quan thuế. Cửa hàng báo sau mỗi lần đồng bộ (hoadon sync now trên máy cửa hàng).',
  saved: (p: TaxProblem) => `Đã đánh dấu hóa đơn ${T.number(p)} là đã xử lý.`,
};

function HandleForm({ problem, done }: { problem: TaxProblem; done: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {T.mark}
        <span class="skip"> hóa đơn {T.number(problem)}</span>
      </button>
    );
  const id = `note-${problem.storeId}-${problem.invoiceId}`;
  async function save(event: Event) {
    event.preventDefault();
    setError('');
    try {
      const saved = await call(
        api.POST('/hq/v1/tax-problems/{storeId}/{invoiceId}/handled', {
          params: { path: { storeId: problem.storeId, invoiceId: problem.invoiceId } },
          body: { note },
        }),
      );
      done(T.saved(saved));
    } catch (problem) {
      setError((problem as Error).message);
    }
  }
  return (
    <form class="stack" onSubmit={save}>
      <label for={id}>{T.note}</label>
      <textarea id={id} required rows={2} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      {error && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <span class="row">
        <button type="submit" class="primary">
          {T.save}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {T.cancel}
        </button>
      </span>
    </form>
  );
}

export function TaxProblemsPage() {
  const state = useSession();
  const role = !state.loading ? state.session?.user.role : undefined;
  const mayHandle = role === 'owner' || role === 'accountant' || role === 'admin';
  const [all, setAll] = useState(false);
  const [message, setMessage] = useState('');
  const [loaded, retry] = useLoad(
    () => call(api.GET('/hq/v1/tax-problems', { params: { query: { all: all ? '1' : '0' } } })),
    [all],
  );
  return (
    <section>
      <h1>{T.title}</h1>
      <p class="muted">{T.intro}</p>
      <p>
        <button type="button" aria-pressed={all} onClick={() => setAll(!all)}>
          {all ? T.showOpen : T.showAll}
        </button>
      </p>
      {message && (
        <p class="notice" role="status">
          {message}
        </p>
      )}
      <Shown loaded={loaded} retry={retry}>
        {({ items }) =>
          items.length === 0 ? (
            <p class="notice">{all ? T.emptyAll : T.empty}</p>
          ) : (
            <Table
              caption={T.title}
              columns={[
                { label: T.store },
                { label: T.invoice },
                { label: T.issued },
                { label: T.total, num: true },
                { label: T.state },
                { label: T.reason },
                { label: T.at },
                { label: T.handled },
              ]}
              rows={items}
              rowKey={(p) => `${p.storeId}/${p.invoiceId}`}
              cells={(p) => [
                <a key="s" href={`/cua-hang/${encodeURIComponent(p.storeId)}`}>
                  {p.storeName}
                </a>,
                <span key="i">
                  <a href={`/hoa-don/${encodeURIComponent(p.storeId)}/${encodeURIComponent(p.invoiceId)}`}>
                    {T.number(p)}
                  </a>
                  {p.demo && <span class="badge"> {T.demo}</span>}
                </span>,
                date(p.issueDate),
                money(p.total),
                <span key="st" class="alert-text">
                  {p.state === 'rejected' ? T.rejected : T.attention}
                </span>,
                <span key="r" data-testid="tax-reason">
                  {p.reason}
                </span>,
                dateTime(p.at),
                p.handled ? (
                  <span key="h">
                    {T.handledBy(p.handled.by, dateTime(p.handled.at))}: {p.handled.note}
                  </span>
                ) : p.closedAt ? (
                  T.closed
                ) : mayHandle ? (
                  <HandleForm
                    key="f"
                    problem={p}
                    done={(text) => {
                      setMessage(text);
                      retry();
                    }}
                  />
                ) : (
                  ''
                ),
              ]}
            />
          )
        }
      </Shown>
    </section>
  );
}
