/**
 * The 80 mm receipt as the browser prints it: the rows of the node's receipt (GET /invoices/:id/receipt,
 * `receiptContent` of src/domain/receipt.ts, the same the 80 mm PDF prints), on a page of its own (the named
 * page `receipt` of styles.css) printed through the browser's print dialog, so no PDF tab opens at the till.
 * The same sheet is the page `/invoices/:id/receipt` and what the till's print key sends to the printer.
 */
import { render } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { percent } from '../base/format';
import { QrCode } from '../base/qr-code';
import { T } from './strings';

export type Invoice = Schema<'/api/v1/invoices/{id}', 'get'>;
type Line = Invoice['items'][number];
type ReceiptRows = Schema<'/api/v1/invoices/{id}/receipt', 'get'>['rows'];

/** KCT, KKKNT, or the rate as `8 %`. */
export const taxText = (line: Pick<Line, 'taxCategory' | 'taxRate'>) =>
  line.taxCategory === 'KCT' || line.taxCategory === 'KKKNT' ? line.taxCategory : percent(line.taxRate);

export const fetchInvoice = (id: string) => call(api.GET('/api/v1/invoices/{id}', { params: { path: { id } } }));

const fetchReceipt = (id: string, cashGiven?: number) =>
  call(
    api.GET('/api/v1/invoices/{id}/receipt', {
      params: { path: { id }, query: cashGiven === undefined ? {} : { cashGiven } },
    }),
  ).then((receipt) => receipt.rows);

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

/**
 * A row's text with a link breakable after its '/' only: the browser would break it after the hyphen of
 * "tra-cuu", which reads as hyphenation (the raster and the PDFs cut it the same way, docs/printing.md "Links").
 */
function Breakable({ text }: { text: string }) {
  if (!text.includes('://')) return <>{text}</>;
  return (
    <>
      {text.split(' ').map((word, i) => {
        const scheme = word.indexOf('://');
        if (scheme < 0) return i > 0 ? ` ${word}` : word;
        // The pieces of the link, each ending in '/', the scheme's own slashes kept with the host.
        const [host = '', ...rest] = word.slice(scheme + 3).split(/(?<=\/)/);
        return (
          <>
            {i > 0 && ' '}
            {[word.slice(0, scheme + 3) + host, ...rest].map((piece, j) => (
              <>
                {j > 0 && <wbr />}
                <span class="receipt-link-piece">{piece}</span>
              </>
            ))}
          </>
        );
      })}
    </>
  );
}

function Row({ row }: { row: ReceiptRows[number] }) {
  switch (row.kind) {
    case 'heading':
      return (
        <p class="receipt-heading" translate={row.typed ? false : undefined}>
          {row.text}
        </p>
      );
    case 'centre':
      return (
        <p
          class={`receipt-centre${row.strong ? ' strong' : ''}${row.code ? ' receipt-code' : ''}`}
          translate={row.typed ? false : undefined}
        >
          <Breakable text={row.text} />
        </p>
      );
    case 'text':
      return (
        <p class={row.strong ? 'receipt-text strong' : 'receipt-text'} translate={row.typed ? false : undefined}>
          {row.text}
        </p>
      );
    case 'pair':
      return (
        <p class={row.strong ? 'receipt-row receipt-total' : 'receipt-row'}>
          <span>{row.label}</span>
          <span>{row.value}</span>
        </p>
      );
    case 'rule':
      return <hr class="receipt-rule" />;
    case 'qr':
      return (
        <div class="receipt-qr">
          <QrCode text={row.payload} label={T.receiptQr} size={128} />
        </div>
      );
  }
}

export function Receipt({ rows, label }: { rows: ReceiptRows; label: string }) {
  const sheet = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (sheet.current) fitRollPage(sheet.current);
  });
  return (
    <article ref={sheet} class="receipt" aria-label={label}>
      {rows.map((row, i) => (
        <Row key={i} row={row} />
      ))}
    </article>
  );
}

/** `/invoices/:id/receipt`: the sheet alone, printed through the browser's dialog. */
export function ReceiptPage({ id }: { id: string }) {
  const [rows, setRows] = useState<ReceiptRows>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    fetchReceipt(id).then(setRows, setError);
  }, [id]);
  if (!rows) return <FormError error={error} />;
  return (
    <section class="receipt-page" aria-label={T.receiptOf('')}>
      <div class="actions no-print">
        <button type="button" class="primary" onClick={() => print()}>
          {T.print}
        </button>
        <a href={`/invoices/${encodeURIComponent(id)}`}>{T.back}</a>
      </div>
      <Receipt rows={rows} label={T.receiptOf('')} />
    </section>
  );
}

const SHEET_ID = 'receipt-sheet';

/**
 * Prints an invoice's receipt from the page the cashier is on: the sheet is drawn in a container of its own
 * beside the console (shown only in print), then the browser's print dialog opens. `cashGiven`: a cash sale
 * just made at the till, whose receipt prints the cash given and the change.
 */
export async function printReceipt(id: string, cashGiven?: number): Promise<void> {
  const rows = await fetchReceipt(id, cashGiven);
  let sheet = document.getElementById(SHEET_ID);
  if (!sheet) {
    sheet = document.createElement('div');
    sheet.id = SHEET_ID;
    sheet.className = 'receipt-sheet';
    document.body.append(sheet);
  }
  render(<Receipt rows={rows} label={T.receiptOf('')} />, sheet);
  document.body.classList.add('printing-receipt');
  try {
    print();
  } finally {
    document.body.classList.remove('printing-receipt');
  }
}
