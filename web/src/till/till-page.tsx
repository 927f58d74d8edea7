/**
 * The till: products tapped on their tiles, scanned or searched (or free lines) into the cart, discounts, an
 * optional buyer, getting paid (cash with the change, a VietQR transfer, a card), "Xuất hóa đơn", then the
 * receipt printed with one key. Prices are the shop's shelf prices, VAT included, when the store says so
 * (till settings `pricesIncludeVat`, sent with the order). The sale lives in localStorage until it is issued
 * (till/draft.ts), and a cashier may put it aside ("Lưu tạm") for the next customer; issuing retries through
 * a node restart without ever issuing twice (till/issue.ts). The issue bar stays in view at every width.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import { currentSession } from '../auth/session';
import { FormError } from '../base/field-error';
import { money, type PaymentMethod } from '../base/format';
import { MstInput } from '../base/mst-input';
import { usePolling } from '../base/polling';
import { printReceipt } from '../invoices/receipt';
import { BuyerIdentity, IDENTITY_ERROR_FIELDS } from './buyer-identity';
import { Cart, DiscountField } from './cart';
import { addProduct, edited, loadSale, newSale, parkedSales, type Sale, saveParked, saveSale } from './draft';
import { FreeLineForm } from './free-line-form';
import { type IssuedSale, issueSale } from './issue';
import { amountDue, changeDue, Payment, saleReference } from './payment';
import { ProductSearch } from './product-search';
import { ProductTiles } from './product-tiles';
import { readMoney, saleProblems, totalsOf } from './sale-lines';
import { T } from './strings';
import { choosePrinter, chosenPrinter, printOnPrinter, usePrinters } from './till-printer';
import { mayDo, useTillSettings } from './till-settings';

const LAST_KEY = 'hoadon.till.last';

function lastIssued(): IssuedSale | undefined {
  const raw = sessionStorage.getItem(LAST_KEY);
  return raw ? (JSON.parse(raw) as IssuedSale) : undefined;
}

/** A function key the till answers from anywhere on the page (F9 issues, F8 prints, as in POS software). */
function useKey(key: string, action: () => void) {
  const ref = useRef(action);
  ref.current = action;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key) return;
      event.preventDefault();
      ref.current();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [key]);
}

export function TillPage() {
  const [restored] = useState(() => loadSale());
  const [sale, setSale] = useState<Sale>(() => restored ?? newSale());
  const [issuing, setIssuing] = useState(false);
  const [reachable, setReachable] = useState(true);
  const [error, setError] = useState<unknown>();
  const [issued, setIssued] = useState<IssuedSale | undefined>(lastIssued);
  const [asking, setAsking] = useState(false);
  const [parked, setParked] = useState<Sale[]>(parkedSales);
  const inFlight = useRef(false);
  const settings = useTillSettings();
  // Until the settings are read, the node's default for a store: shelf prices with VAT included.
  const pricesIncludeVat = settings?.pricesIncludeVat ?? true;
  const printers = usePrinters();
  const [printerId, setPrinterId] = useState(chosenPrinter);
  const [printNote, setPrintNote] = useState<string>();
  // The invoice whose print on the till's printer failed: the browser print is offered for it.
  const [printFailed, setPrintFailed] = useState<string>();
  // Sales already printed on the printer in this tab: printing one again is a copy.
  const printed = useRef(new Set<string>());
  const role = currentSession()?.role;
  // The node's liveness between sales too, so the cashier sees it away before the next customer.
  const health = usePolling(() => call(api.GET('/api/v1/health')), 10_000);

  // Saved in the same commit that shows the line, so a reload right after a scan cannot lose it.
  useLayoutEffect(() => saveSale(sale), [sale]);

  const change = (next: Sale) => {
    setError(undefined);
    setAsking(false);
    // The last receipt stays on screen until the next sale starts.
    if (next.lines.length > 0) {
      setIssued(undefined);
      sessionStorage.removeItem(LAST_KEY);
    }
    setSale(next);
  };

  const problems = saleProblems(sale);
  const blocked = Object.keys(problems).length > 0;

  const printer = printers.find((p) => p.id === printerId);

  const printInBrowser = (invoiceId: string, cashGiven?: number) => printReceipt(invoiceId, cashGiven).catch(setError);

  const print = async ({ invoiceId, cashGiven }: IssuedSale) => {
    setPrintNote(undefined);
    setPrintFailed(undefined);
    if (!printer) return printInBrowser(invoiceId, cashGiven);
    try {
      await printOnPrinter(invoiceId, printer.id, printed.current.has(invoiceId));
      printed.current.add(invoiceId);
      setPrintNote(T.printedOn(printer.name));
    } catch (caught) {
      setError(caught);
      setPrintFailed(invoiceId);
    }
  };

  const park = () => {
    const next = [...parked, sale];
    saveParked(next);
    setParked(next);
    change(newSale());
  };
  const resume = (index: number) => {
    const chosen = parked[index];
    if (!chosen) return;
    const rest = parked.filter((_, i) => i !== index);
    const next = sale.lines.length > 0 ? [...rest, sale] : rest;
    saveParked(next);
    setParked(next);
    change(chosen);
  };

  const issue = async () => {
    // One attempt at a time, whatever the number of clicks: the button is also disabled, but a double click
    // lands both events before the re-render.
    if (inFlight.current || sale.lines.length === 0 || blocked) return;
    inFlight.current = true;
    setIssuing(true);
    setError(undefined);
    let lost = false;
    try {
      const issuedSale = await issueSale(sale, {
        onOrdered: () => setSale((s) => ({ ...s, ordered: true })),
        onReachable: (reached) => {
          setReachable(reached);
          // The node answers again after this sale lost it: its health is asked now, not at the next poll,
          // so that the reconnecting banner does not outlive the sale it was shown for.
          if (!reached) lost = true;
          else if (lost) health.refresh();
        },
        pricesIncludeVat,
      });
      const given = readMoney(sale.tendered);
      const result: IssuedSale =
        changeToGive !== undefined && given !== undefined
          ? { ...issuedSale, cashGiven: given, change: changeToGive, rounding }
          : issuedSale;
      sessionStorage.setItem(LAST_KEY, JSON.stringify(result));
      setIssued(result);
      setSale(newSale());
      if (settings?.autoPrintReceipt) void print(result);
      // Ready for the next customer's first scan, once the re-render has enabled the field again.
      setTimeout(() => document.getElementById('product-search')?.focus(), 0);
    } catch (caught) {
      setError(caught);
    } finally {
      inFlight.current = false;
      setIssuing(false);
    }
  };

  useKey('F9', () => void issue());
  useKey('F8', () => {
    if (issued) void print(issued);
  });

  const totals = totalsOf(sale, pricesIncludeVat);
  const { due, rounding } = amountDue(sale.paymentMethod, totals.total, settings);
  const changeToGive = changeDue(sale.paymentMethod, due, sale.tendered);
  const busy = issuing;
  const setBuyer = (buyer: Partial<Sale['buyer']>) => change(edited(sale, { buyer: { ...sale.buyer, ...buyer } }));

  return (
    <section class="till" aria-labelledby="till-title">
      <div class="till-main">
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
          <div class="panel issued" role="status" aria-live="polite">
            <p class="ok">
              <strong>{T.issued(issued.label)}</strong> {money(issued.total)}
            </p>
            {issued.warnings?.map((w) => (
              <p class="alert" key={w}>
                {w}
              </p>
            ))}
            {issued.change !== undefined && issued.cashGiven !== undefined && (
              <p class="issued-change" data-testid="issued-change">
                {T.givenChange(money(issued.cashGiven), money(issued.change))}
              </p>
            )}
            {printNote && <p class="muted">{printNote}</p>}
            <div class="actions">
              <button type="button" class="primary" aria-keyshortcuts={T.printKey} onClick={() => print(issued)}>
                {T.printReceipt} ({T.printKey})
              </button>
              {printFailed === issued.invoiceId && (
                <button type="button" onClick={() => printInBrowser(issued.invoiceId)}>
                  {T.printInBrowser}
                </button>
              )}
              <a class="button" href={`/invoices/${encodeURIComponent(issued.invoiceId)}`}>
                {T.openInvoice}
              </a>
            </div>
          </div>
        )}
        {parked.length > 0 && (
          <fieldset class="panel parked">
            <legend>{T.parked}</legend>
            {parked.map((p, i) => (
              <button key={p.orderId} type="button" disabled={busy} onClick={() => resume(i)}>
                {T.resume(i + 1, money(totalsOf(p, pricesIncludeVat).total))}
              </button>
            ))}
          </fieldset>
        )}
        <ProductTiles disabled={busy} onAdd={(p) => change(addProduct(sale, p))} />
        <ProductSearch disabled={busy} onAdd={(p) => change(addProduct(sale, p))} />
        {mayDo(settings?.freeLineRoles, role) && (
          <FreeLineForm disabled={busy} onAdd={(line) => change(edited(sale, { lines: [...sale.lines, line] }))} />
        )}
        <Cart
          sale={sale}
          problems={problems}
          canChangePrice={mayDo(settings?.priceChangeRoles, role)}
          disabled={busy}
          onChange={(lines) => change(edited(sale, { lines }))}
        />
        {sale.lines.length > 0 && (
          <DiscountField
            id="sale-discount"
            label={T.saleDiscount}
            modeLabel={T.saleDiscountMode}
            discount={sale.discount}
            problem={problems['sale-discount']}
            disabled={busy}
            onChange={(discount) => change(edited(sale, { discount }))}
          />
        )}
      </div>
      <aside class="till-side" aria-label="Thanh toán">
        <fieldset class="panel" disabled={busy}>
          <legend>{T.buyer}</legend>
          <label for="buyer-name">{T.buyerName}</label>
          <input
            id="buyer-name"
            placeholder={T.walkIn}
            value={sale.buyer.name}
            onInput={(e) => setBuyer({ name: e.currentTarget.value })}
          />
          <MstInput
            id="buyer-mst"
            label={T.buyerMst}
            value={sale.buyer.mst}
            error={error}
            onChange={(mst) => setBuyer({ mst })}
            onFound={(b) => setBuyer({ name: b.name, address: b.address })}
          />
          <label for="buyer-address">{T.buyerAddress}</label>
          <input
            id="buyer-address"
            value={sale.buyer.address}
            onInput={(e) => setBuyer({ address: e.currentTarget.value })}
          />
          <label for="buyer-email">{T.buyerEmail}</label>
          <input
            id="buyer-email"
            type="email"
            autocomplete="off"
            value={sale.buyer.email}
            onInput={(e) => setBuyer({ email: e.currentTarget.value })}
          />
          <label for="buyer-phone">{T.buyerPhone}</label>
          <input
            id="buyer-phone"
            type="tel"
            autocomplete="off"
            value={sale.buyer.phone}
            onInput={(e) => setBuyer({ phone: e.currentTarget.value })}
          />
          <BuyerIdentity
            buyer={sale.buyer}
            restored={restored?.buyer}
            error={error}
            onChange={(buyer) => change(edited(sale, { buyer }))}
          />
        </fieldset>
        <Payment
          method={sale.paymentMethod}
          total={totals.total}
          tendered={sale.tendered}
          reference={saleReference(sale.orderId)}
          settings={settings}
          disabled={busy}
          onMethod={(paymentMethod: PaymentMethod) => change(edited(sale, { paymentMethod }))}
          onTendered={(tendered) => setSale(edited(sale, { tendered }))}
          onReceived={() => void issue()}
        />
        {printers.length > 0 && (
          <div class="panel">
            <label for="till-printer">{T.printer}</label>
            <select
              id="till-printer"
              value={printer ? printer.id : ''}
              onChange={(e) => {
                choosePrinter(e.currentTarget.value);
                setPrinterId(e.currentTarget.value);
              }}
            >
              <option value="">{T.browserPrinter}</option>
              {printers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <dl class="facts panel" data-testid="sale-totals">
          <dt>{T.goods}</dt>
          <dd class="num">{money(totals.goods)}</dd>
          <dt>{T.discountTotal}</dt>
          <dd class="num" data-testid="sale-discount-total">
            {money(totals.discountTotal === 0 ? 0 : -totals.discountTotal)}
          </dd>
          <dt>{T.taxShort}</dt>
          <dd class="num">{money(totals.taxAmount)}</dd>
          <dt>{T.total}</dt>
          <dd class="num">{money(totals.total)}</dd>
          {pricesIncludeVat && <dd class="muted wide">{T.pricesWithVat}</dd>}
        </dl>
      </aside>
      <div class="issue-bar">
        <FormError error={error} fields={['buyer.mst', ...IDENTITY_ERROR_FIELDS]} />
        {blocked && sale.lines.length > 0 && <p class="field-error">{T.blocked}</p>}
        <p class="bar-total">
          <span>{T.total}</span>
          <strong class="num total" data-testid="sale-total">
            {money(totals.total)}
          </strong>
        </p>
        {changeToGive !== undefined && (
          <p class="bar-total change" aria-live="polite">
            <span>{T.change}</span>
            <strong class="num" data-testid="change">
              {money(changeToGive)}
            </strong>
          </p>
        )}
        {asking && (
          <div class="ask" role="alertdialog" aria-labelledby="clear-ask">
            <p id="clear-ask">{T.clearAsk}</p>
            <div class="actions">
              <button type="button" class="danger" onClick={() => change(newSale())}>
                {T.clearYes}
              </button>
              <button type="button" onClick={() => setAsking(false)}>
                {T.clearNo}
              </button>
            </div>
          </div>
        )}
        <div class="bar-buttons">
          <button
            type="button"
            class="no-print clear"
            onClick={() => setAsking(true)}
            disabled={busy || sale.lines.length === 0}
          >
            {T.clear}
          </button>
          <button type="button" class="no-print park" onClick={park} disabled={busy || sale.lines.length === 0}>
            {T.park}
          </button>
          <button
            type="button"
            class="primary issue"
            aria-keyshortcuts="F9"
            onClick={issue}
            disabled={busy || sale.lines.length === 0 || blocked}
          >
            {busy ? T.issuing : T.issue}
          </button>
        </div>
        <p class="muted shortcut">{T.shortcut}</p>
      </div>
    </section>
  );
}
