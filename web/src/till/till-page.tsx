/**
 * The till: products into the cart, optional buyer, payment method, "Xuất hóa đơn", then the receipt. The
 * sale lives in localStorage until it is issued (till/draft.ts); issuing retries through a node restart
 * without ever issuing twice (till/issue.ts).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import { FormError } from '../base/field-error';
import { money, PAYMENT_METHODS, type PaymentMethod } from '../base/format';
import { MstInput } from '../base/mst-input';
import { usePolling } from '../base/polling';
import { openPdf } from '../base/print';
import { BuyerIdentity, IDENTITY_ERROR_FIELDS } from './buyer-identity';
import { addProduct, edited, loadSale, newSale, type Sale, saveSale, totalsOf } from './draft';
import { type IssuedSale, issueSale } from './issue';
import { ProductSearch } from './product-search';
import { T } from './strings';
import { Cart } from './cart';

const LAST_KEY = 'hoadon.till.last';

function lastIssued(): IssuedSale | undefined {
  const raw = sessionStorage.getItem(LAST_KEY);
  return raw ? (JSON.parse(raw) as IssuedSale) : undefined;
}

export function TillPage() {
  const [restored] = useState(() => loadSale());
  const [sale, setSale] = useState<Sale>(() => restored ?? newSale());
  const [issuing, setIssuing] = useState(false);
  const [reachable, setReachable] = useState(true);
  const [error, setError] = useState<unknown>();
  const [issued, setIssued] = useState<IssuedSale | undefined>(lastIssued);
  const inFlight = useRef(false);
  // The node's liveness between sales too, so the cashier sees it away before the next customer.
  const health = usePolling(() => call(api.GET('/api/v1/health')), 10_000);

  // Saved in the same commit that shows the line, so a reload right after a scan cannot lose it.
  useLayoutEffect(() => saveSale(sale), [sale]);

  const change = (next: Sale) => {
    setError(undefined);
    // The last receipt stays on screen until the next sale starts.
    if (next.lines.length > 0) {
      setIssued(undefined);
      sessionStorage.removeItem(LAST_KEY);
    }
    setSale(next);
  };

  const issue = async () => {
    // One attempt at a time, whatever the number of clicks: the button is also disabled, but a double click
    // lands both events before the re-render.
    if (inFlight.current || sale.lines.length === 0) return;
    inFlight.current = true;
    setIssuing(true);
    setError(undefined);
    try {
      const result = await issueSale(sale, {
        onOrdered: () => setSale((s) => ({ ...s, ordered: true })),
        onReachable: setReachable,
      });
      sessionStorage.setItem(LAST_KEY, JSON.stringify(result));
      setIssued(result);
      setSale(newSale());
      // Ready for the next customer's first scan, once the re-render has enabled the field again.
      setTimeout(() => document.getElementById('product-search')?.focus(), 0);
    } catch (caught) {
      setError(caught);
    } finally {
      inFlight.current = false;
      setIssuing(false);
    }
  };

  // F9 issues from anywhere on the till, as in the shop's other POS software.
  const issueRef = useRef(issue);
  issueRef.current = issue;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F9') return;
      event.preventDefault();
      void issueRef.current();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const print = (format: 'a4' | 'receipt') => {
    if (issued) openPdf(issued.invoiceId, format).catch(setError);
  };

  const totals = totalsOf(sale.lines);
  const busy = issuing;

  return (
    <section class="till" aria-labelledby="till-title">
      <div>
        <h1 id="till-title">{T.title}</h1>
        {(!reachable || health.error !== undefined) && (
          <p class="notice" role="status">
            {T.reconnecting}
          </p>
        )}
        {restored && restored.lines.length > 0 && sale === restored && (
          <p class="notice" role="status">
            {T.draftRestored}
          </p>
        )}
        {issued && (
          <div class="panel" role="status" aria-live="polite">
            <p class="ok">
              <strong>{T.issued(issued.label)}</strong> {money(issued.total)}
            </p>
            <div class="actions">
              <button type="button" class="primary" onClick={() => print('receipt')}>
                {T.printReceipt}
              </button>
              <button type="button" onClick={() => print('a4')}>
                {T.printA4}
              </button>
              <a href={`/invoices/${encodeURIComponent(issued.invoiceId)}`}>{T.openInvoice}</a>
            </div>
          </div>
        )}
        <ProductSearch disabled={busy} onAdd={(p) => change(addProduct(sale, p))} />
        <Cart sale={sale} disabled={busy} onChange={(lines) => change(edited(sale, { lines }))} />
      </div>
      <aside aria-label="Thanh toán">
        <fieldset class="panel" disabled={busy}>
          <legend>{T.buyer}</legend>
          <label for="buyer-name">{T.buyerName}</label>
          <input
            id="buyer-name"
            placeholder={T.walkIn}
            value={sale.buyer.name}
            onInput={(e) => change(edited(sale, { buyer: { ...sale.buyer, name: e.currentTarget.value } }))}
          />
          <MstInput
            id="buyer-mst"
            label={T.buyerMst}
            value={sale.buyer.mst}
            error={error}
            onChange={(mst) => change(edited(sale, { buyer: { ...sale.buyer, mst } }))}
            onFound={(b) => change(edited(sale, { buyer: { ...sale.buyer, name: b.name, address: b.address } }))}
          />
          <label for="buyer-address">{T.buyerAddress}</label>
          <input
            id="buyer-address"
            value={sale.buyer.address}
            onInput={(e) => change(edited(sale, { buyer: { ...sale.buyer, address: e.currentTarget.value } }))}
          />
          <BuyerIdentity
            buyer={sale.buyer}
            restored={restored?.buyer}
            error={error}
            onChange={(buyer) => change(edited(sale, { buyer }))}
          />
          <label for="payment-method">{T.payment}</label>
          <select
            id="payment-method"
            value={sale.paymentMethod}
            onChange={(e) => change(edited(sale, { paymentMethod: e.currentTarget.value as PaymentMethod }))}
          >
            {Object.entries(PAYMENT_METHODS).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </fieldset>
        <dl class="facts panel">
          <dt>{T.subtotal}</dt>
          <dd class="num">{money(totals.subtotal)}</dd>
          <dt>{T.tax}</dt>
          <dd class="num">{money(totals.taxAmount)}</dd>
          <dt>{T.total}</dt>
          <dd class="num total" data-testid="sale-total">
            {money(totals.total)}
          </dd>
        </dl>
        <FormError error={error} fields={['buyer.mst', ...IDENTITY_ERROR_FIELDS]} />
        <button
          type="button"
          class="primary issue"
          aria-keyshortcuts="F9"
          onClick={issue}
          disabled={busy || sale.lines.length === 0}
        >
          {busy ? T.issuing : T.issue}
        </button>
        <button
          type="button"
          class="no-print"
          onClick={() => change(newSale())}
          disabled={busy || sale.lines.length === 0}
        >
          {T.clear}
        </button>
        <p class="muted">{T.shortcut}</p>
      </aside>
    </section>
  );
}
