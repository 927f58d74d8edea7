/**
 * One invoice: parties, lines, totals per tax rate, status and transmission, its delivery to the buyer (the
 * lookup link, sending, history), the audit chain, the PDF (A4 and receipt) and XML, and for an accountant or
 * admin the replace and adjust forms.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { currentSession } from '../auth/session';
import { FormError } from '../base/field-error';
import {
  date,
  dateTime,
  INVOICE_STATUSES,
  money,
  PAYMENT_METHODS,
  percent,
  quantity,
  TRANSMISSION_STATES,
} from '../base/format';
import { openPdf, saveFile } from '../base/print';
import { navigate } from '../base/router';
import { Table } from '../base/table';
import { AuditTrail } from './audit-trail';
import { type Correction, CorrectionForm } from './correction-form';
import { DeliveryPanel } from './delivery-panel';
import { invoiceLabel, invoiceShortLabel } from './invoice-label';
import { printReceipt, taxText } from './receipt';
import { T } from './strings';

type Invoice = Schema<'/api/v1/invoices/{id}', 'get'>;

const REPLACEABLE = ['issued', 'adjusted', 'error'];

/** A tax group as printed: KCT, KKKNT, `8 %`, or another rate (KHAC:5.26) as `5,26 %`. */
const groupText = (g: { category?: string; rate?: number; taxGroup: string }) =>
  g.category === 'KCT' || g.category === 'KKKNT' ? g.category : g.rate !== undefined ? percent(g.rate) : g.taxGroup;

/** A link to a related invoice (replaced, replacing, adjusted, adjusting), named by symbol and number. */
function InvoiceLink({ id }: { id: string }) {
  const [name, setName] = useState<string>();
  useEffect(() => {
    call(api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })).then(
      (linked) => setName(invoiceShortLabel(linked)),
      () => setName(T.linkedInvoice),
    );
  }, [id]);
  return <a href={`/invoices/${encodeURIComponent(id)}`}>{name ?? '…'}</a>;
}

const link = (id: string | undefined, label: string) =>
  id ? (
    <>
      <dt>{label}</dt>
      <dd>
        <InvoiceLink id={id} />
      </dd>
    </>
  ) : null;

/** A fact the invoice may lack (the buyer's identity papers, a correction's reason): shown only when present. */
const fact = (value: string | undefined, label: string) =>
  value ? (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  ) : null;

export function InvoicePage({ id }: { id: string }) {
  const [invoice, setInvoice] = useState<Invoice>();
  const [error, setError] = useState<unknown>();
  const [correction, setCorrection] = useState<Correction>();
  const role = currentSession()?.role;
  const corrects = role === 'admin' || role === 'accountant';

  useEffect(() => {
    setCorrection(undefined);
    call(api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })).then(setInvoice, setError);
  }, [id]);

  if (!invoice) return <FormError error={error} />;
  const label = invoiceLabel(invoice);
  const tx = invoice.transmission;
  return (
    <section aria-labelledby="invoice-title">
      <h1 id="invoice-title">{T.detail(label)}</h1>
      <FormError error={error} />
      <div class="actions no-print">
        <button type="button" onClick={() => openPdf(invoice.id, 'a4').catch(setError)}>
          {T.pdf}
        </button>
        <button type="button" onClick={() => printReceipt(invoice.id).catch(setError)}>
          {T.receipt}
        </button>
        <button
          type="button"
          onClick={() =>
            saveFile(`/api/v1/invoices/${encodeURIComponent(invoice.id)}/xml`, `${label}.xml`).catch(setError)
          }
        >
          {T.xml}
        </button>
        {corrects && REPLACEABLE.includes(invoice.status) && (
          <button type="button" onClick={() => setCorrection('replace')}>
            {T.replace}
          </button>
        )}
        {corrects && invoice.status === 'issued' && (
          <button type="button" onClick={() => setCorrection('adjust')}>
            {T.adjust}
          </button>
        )}
      </div>
      {correction && (
        <CorrectionForm
          invoice={invoice}
          kind={correction}
          onCancel={() => setCorrection(undefined)}
          onDone={(newId) => navigate(`/invoices/${encodeURIComponent(newId)}`)}
        />
      )}
      <div class="cards">
        <dl class="facts panel">
          <dt>{T.status}</dt>
          <dd data-testid="invoice-status">{INVOICE_STATUSES[invoice.status]}</dd>
          <dt>{T.date}</dt>
          <dd>{date(invoice.issueDate)}</dd>
          <dt>{T.payment}</dt>
          <dd>{PAYMENT_METHODS[invoice.paymentMethod]}</dd>
          <dt>{T.seller}</dt>
          <dd>
            <span translate={false}>{invoice.seller.name}</span> – MST {invoice.seller.mst}
          </dd>
          <dt>{T.buyer}</dt>
          <dd>
            {invoice.buyer.name}
            {invoice.buyer.mst && ` – MST ${invoice.buyer.mst}`}
            {invoice.buyer.address && `, ${invoice.buyer.address}`}
          </dd>
          {fact(invoice.buyer.cccd, T.buyerCccd)}
          {fact(invoice.buyer.passport, T.buyerPassport)}
          {fact(invoice.buyer.budgetUnitCode, T.buyerBudgetUnitCode)}
          {fact(invoice.reason, T.reason)}
          {link(invoice.replaces, T.replaces)}
          {link(invoice.replacedBy, T.replacedBy)}
          {link(invoice.adjusts, T.adjusts)}
          {link(invoice.adjustedBy, T.adjustedBy)}
        </dl>
        <dl class="facts panel">
          <dt>{T.transmission}</dt>
          <dd>{tx ? TRANSMISSION_STATES[tx.state] : T.notQueued}</dd>
          {tx && (
            <>
              <dt>{T.attempts}</dt>
              <dd>{tx.attempts}</dd>
              {tx.lastError && (
                <>
                  <dt>{T.lastError}</dt>
                  <dd>{tx.lastError}</dd>
                </>
              )}
              {tx.acceptedAt && (
                <>
                  <dt>{T.acceptedAt}</dt>
                  <dd>{dateTime(tx.acceptedAt)}</dd>
                </>
              )}
            </>
          )}
          {invoice.authorityCode && (
            <>
              <dt>{T.authorityCode}</dt>
              <dd>
                <code>{invoice.authorityCode}</code>
              </dd>
            </>
          )}
        </dl>
      </div>
      <h2>{T.lines}</h2>
      <Table
        columns={[
          { label: '#' },
          { label: T.product },
          { label: T.unit },
          { label: T.quantity, num: true },
          { label: T.unitPrice, num: true },
          { label: T.rate, num: true },
          { label: T.discount, num: true },
          { label: T.amount, num: true },
        ]}
        rows={invoice.items}
        rowKey={(l) => l.lineNo}
        cells={(l) => [
          l.lineNo,
          <>
            {l.name}
            {l.kind === 'promotion' ? ` (${T.promotion})` : ''}
          </>,
          l.unit ?? '',
          quantity(l.quantity),
          money(l.unitPrice),
          taxText(l),
          l.discount > 0 ? money(l.discount) : '',
          money(l.total),
        ]}
      />
      <h2>{T.totalsByRate}</h2>
      <Table
        columns={[{ label: T.rate }, { label: T.beforeTax, num: true }, { label: T.tax, num: true }]}
        rows={invoice.totals.byRate}
        rowKey={(g) => g.taxGroup}
        cells={(g) => [groupText(g), money(g.amount), money(g.tax)]}
        footer={
          <tr>
            <th scope="row">{T.total}</th>
            <td class="num">{money(invoice.totals.subtotal)}</td>
            <td class="num">{money(invoice.totals.taxAmount)}</td>
          </tr>
        }
      />
      <p class="total">
        {T.total}: <strong data-testid="invoice-total">{money(invoice.totals.total)}</strong>
      </p>
      {invoice.status !== 'pending' && <DeliveryPanel invoice={invoice} />}
      <AuditTrail invoiceId={invoice.id} version={invoice.version} />
    </section>
  );
}
