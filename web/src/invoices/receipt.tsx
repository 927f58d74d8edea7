/**
 * The 80 mm receipt as the browser prints it: a page of its own (the named page `receipt` of styles.css)
 * printed through the browser's print dialog, so no PDF tab opens at the till. The same sheet is the page
 * `/invoices/:id/receipt` and what the till's print key sends to the printer.
 */
import { render } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { date, money, PAYMENT_METHODS, percent, quantity } from '../base/format';
import { invoiceLabel } from './invoice-label';
import { T } from './strings';

export type Invoice = Schema<'/api/v1/invoices/{id}', 'get'>;
type Line = Invoice['items'][number];

/** KCT, KKKNT, or the rate as `8 %`. */
export const taxText = (line: Pick<Line, 'taxCategory' | 'taxRate'>) =>
  line.taxCategory === 'KCT' || line.taxCategory === 'KKKNT' ? line.taxCategory : percent(line.taxRate);

export const fetchInvoice = (id: string) => call(api.GET('/api/v1/invoices/{id}', { params: { path: { id } } }));

/** Millimetres of the roll's margin, top and bottom (styles.css `@page receipt`). */
const ROLL_MARGIN_MM = 3;
let rollPage: CSSStyleSheet | undefined;

/**
 * A roll has no page length: `size: 80mm auto` would say so, but Chromium drops it as invalid, so the page is
 * given the receipt's own length once it is laid out, and prints as one piece of paper. A constructed
 * stylesheet is CSSOM, which the console's Content-Security-Policy allows (an inline style it would not).
 */
export function fitRollPage(receipt: Element): void {
  // 4 mm more than measured: the printer's rounding of lines must not push the last one onto a second page.
  const lengthMm = Math.ceil((receipt.getBoundingClientRect().height * 25.4) / 96 + 2 * ROLL_MARGIN_MM + 4);
  if (!rollPage) {
    rollPage = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, rollPage];
  }
  rollPage.replaceSync(`@page receipt { size: 80mm ${Math.max(lengthMm, 40)}mm; margin: ${ROLL_MARGIN_MM}mm; }`);
}

export function Receipt({ invoice }: { invoice: Invoice }) {
  const lines = invoice.items;
  const sheet = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (sheet.current) fitRollPage(sheet.current);
  });
  return (
    <article ref={sheet} class="receipt" aria-label={T.receiptOf(invoiceLabel(invoice))}>
      <header>
        <strong translate={false}>{invoice.seller.name}</strong>
        <span>MST {invoice.seller.mst}</span>
        {invoice.seller.address && <span>{invoice.seller.address}</span>}
        <h2>{invoice.demo ? T.demoTitle : T.receiptTitle}</h2>
        <span>
          {T.symbol} {invoice.mauSo}
          {invoice.kyHieu} · {T.number} {String(invoice.number).padStart(8, '0')}
        </span>
        <span>
          {T.date} {date(invoice.issueDate)}
        </span>
        {invoice.authorityCode && <span>{T.authorityCodeShort(invoice.authorityCode)}</span>}
      </header>
      <ol>
        {lines.map((l) => (
          <li key={l.lineNo}>
            <span class="receipt-name">
              {l.name}
              {l.kind === 'promotion' ? ` (${T.promotion})` : ''}
            </span>
            <span class="receipt-row">
              <span>
                {l.kind === 'tradeDiscount'
                  ? taxText(l)
                  : `${quantity(l.quantity)} ${l.unit ?? ''} × ${money(l.unitPrice)} · ${taxText(l)}`}
              </span>
              <span>{money(l.total)}</span>
            </span>
            {l.discount > 0 && (
              <span class="receipt-row">
                <span>{T.discount}</span>
                <span>−{money(l.discount)}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
      <dl>
        {invoice.totals.discountTotal > 0 && (
          <>
            <dt>{T.discount}</dt>
            <dd>−{money(invoice.totals.discountTotal)}</dd>
          </>
        )}
        <dt>{T.beforeTax}</dt>
        <dd>{money(invoice.totals.subtotal)}</dd>
        <dt>{T.tax}</dt>
        <dd>{money(invoice.totals.taxAmount)}</dd>
        <dt class="receipt-total">{T.total}</dt>
        <dd class="receipt-total">{money(invoice.totals.total)}</dd>
        <dt>{T.payment}</dt>
        <dd>{PAYMENT_METHODS[invoice.paymentMethod]}</dd>
      </dl>
      <p>
        {T.buyer}: {invoice.buyer.name}
        {invoice.buyer.mst ? ` – MST ${invoice.buyer.mst}` : ''}
      </p>
      {invoice.demo && <p>{T.demoReceipt}</p>}
      <p class="receipt-thanks">{T.thanks}</p>
    </article>
  );
}

/** `/invoices/:id/receipt`: the sheet alone, printed through the browser's dialog. */
export function ReceiptPage({ id }: { id: string }) {
  const [invoice, setInvoice] = useState<Invoice>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    fetchInvoice(id).then(setInvoice, setError);
  }, [id]);
  if (!invoice) return <FormError error={error} />;
  return (
    <section class="receipt-page" aria-label={T.receiptOf(invoiceLabel(invoice))}>
      <div class="actions no-print">
        <button type="button" class="primary" onClick={() => print()}>
          {T.print}
        </button>
        <a href={`/invoices/${encodeURIComponent(invoice.id)}`}>{T.back}</a>
      </div>
      <Receipt invoice={invoice} />
    </section>
  );
}

const SHEET_ID = 'receipt-sheet';

/**
 * Prints an invoice's receipt from the page the cashier is on: the sheet is drawn in a container of its own
 * beside the console (shown only in print), then the browser's print dialog opens.
 */
export async function printReceipt(id: string): Promise<void> {
  const invoice = await fetchInvoice(id);
  let sheet = document.getElementById(SHEET_ID);
  if (!sheet) {
    sheet = document.createElement('div');
    sheet.id = SHEET_ID;
    sheet.className = 'receipt-sheet';
    document.body.append(sheet);
  }
  render(<Receipt invoice={invoice} />, sheet);
  document.body.classList.add('printing-receipt');
  try {
    print();
  } finally {
    document.body.classList.remove('printing-receipt');
  }
}
