/**
 * How the invoice reaches its buyer (docs/delivery.md): the lookup code and the portal's link, with a button
 * that copies it; "Gửi hóa đơn cho người mua" (its e-mail, or another address) and the history of sendings.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError, fieldMessage } from '../base/field-error';
import { dateTime } from '../base/format';
import { Table } from '../base/table';

type Invoice = Schema<'/api/v1/invoices/{id}', 'get'>;
type Delivery = Invoice['delivery'];
type Lookup = Schema<'/api/v1/invoices/{id}/lookup', 'get'>;

export const D = {
  title: 'Gửi hóa đơn cho người mua',
  code: 'Mã tra cứu',
  link: 'Liên kết tra cứu',
  noLink: 'Chưa có trang tra cứu nào trả lời cho cửa hàng này.',
  copy: 'Sao chép liên kết',
  copied: 'Đã sao chép liên kết.',
  notCopied: 'Không sao chép được: hãy chọn liên kết và sao chép bằng tay.',
  to: 'Gửi tới địa chỉ thư khác (để trống: thư của người mua)',
  send: 'Gửi hóa đơn cho người mua',
  sending: 'Đang gửi…',
  queued: 'Đã xếp hóa đơn vào hàng gửi thư.',
  history: 'Lịch sử gửi',
  noHistory: 'Hóa đơn chưa được gửi cho ai.',
  channel: 'Cách gửi',
  recipient: 'Người nhận',
  state: 'Tình trạng',
  at: 'Thời điểm',
  error: 'Lý do lỗi',
  channels: { email: 'Thư điện tử', webhook: 'Tin nhắn' } as Record<string, string>,
  states: { queued: 'Đang chờ gửi', sent: 'Đã gửi', failed: 'Gửi không được' } as Record<string, string>,
};

export function DeliveryPanel({ invoice }: { invoice: Invoice }) {
  const [lookup, setLookup] = useState<Lookup>();
  const [history, setHistory] = useState<Delivery>(invoice.delivery);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    setHistory(invoice.delivery);
    call(api.GET('/api/v1/invoices/{id}/lookup', { params: { path: { id: invoice.id } } })).then(setLookup, setError);
  }, [invoice.id, invoice.version]);

  const copy = async () => {
    if (!lookup?.link) return;
    try {
      await navigator.clipboard.writeText(lookup.link);
      setNotice(D.copied);
    } catch {
      setNotice(D.notCopied);
    }
  };

  const send = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const address = to.trim();
      const answer = await call(
        api.POST('/api/v1/invoices/{id}/send', {
          params: { path: { id: invoice.id } },
          body: address ? { to: address } : {},
        }),
      );
      setHistory(answer.delivery);
      setTo('');
      setNotice(D.queued);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const toError = fieldMessage(error, 'to');
  return (
    <section class="panel no-print" aria-labelledby="delivery-title">
      <h2 id="delivery-title">{D.title}</h2>
      <dl class="facts">
        <dt>{D.code}</dt>
        <dd>
          <code data-testid="lookup-code">{lookup?.code ?? invoice.lookupCode ?? '—'}</code>
        </dd>
        <dt>{D.link}</dt>
        <dd>
          {lookup?.link ? (
            <>
              <a href={lookup.link} data-testid="lookup-link" rel="noopener" target="_blank">
                {lookup.link}
              </a>{' '}
              <button type="button" onClick={() => void copy()}>
                {D.copy}
              </button>
            </>
          ) : (
            D.noLink
          )}
        </dd>
      </dl>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <FormError error={error} fields={['to']} />
      <form onSubmit={send} noValidate>
        <label for="delivery-to">{D.to}</label>
        <input
          id="delivery-to"
          type="email"
          autocomplete="email"
          value={to}
          onInput={(e) => setTo(e.currentTarget.value)}
          aria-invalid={toError ? true : undefined}
          aria-describedby={toError ? 'delivery-to-error' : undefined}
        />
        <FieldError error={error} field="to" id="delivery-to-error" />
        <button type="submit" disabled={busy}>
          {busy ? D.sending : D.send}
        </button>
      </form>
      <h3>{D.history}</h3>
      {history.length === 0 ? (
        <p>{D.noHistory}</p>
      ) : (
        <Table
          columns={[
            { label: D.channel },
            { label: D.recipient },
            { label: D.state },
            { label: D.at },
            { label: D.error },
          ]}
          rows={history}
          rowKey={(d) => `${d.channel}:${d.to}:${d.at}`}
          cells={(d) => [
            D.channels[d.channel] ?? d.channel,
            d.to,
            D.states[d.state] ?? d.state,
            dateTime(d.at),
            d.error ?? '',
          ]}
        />
      )}
    </section>
  );
}
