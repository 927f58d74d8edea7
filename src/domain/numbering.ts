/**
 * Template numbers and symbols (docs/tax-format.md §2). Numbers are gapless per (mauSo, kyHieu),
 * and the symbol carries the year, so a new year means a new symbol whose numbers restart at 1. The
 * counter itself is the `invoice_sequences` table, taken in the invoice's own transaction
 * (`src/invoices/invoices.repository.ts`), with the invoices' unique index on (mau_so, ky_hieu, number)
 * as the last guard (docs/decisions.md §5).
 */

export const MAX_INVOICE_NUMBER = 99_999_999;

export const MAU_SO_PATTERN = /^[1-9]$/;

/** C/K, two year digits, the issuing form, two letters the seller picks. */
export const KY_HIEU_PATTERN = /^[CK]\d{2}[TDLMNBGHX][A-Z]{2}$/;

/** The symbol to issue under in `year`: the configured symbol with its year digits brought up to date. */
export function symbolForYear(kyHieu: string, year: number): string {
  return `${kyHieu[0]}${String(year % 100).padStart(2, '0')}${kyHieu.slice(3)}`;
}

export function defaultKyHieu(year: number): string {
  return symbolForYear('C00MAA', year);
}

/**
 * The demo series (docs/invoices.md, "Demo invoices"): a demo invoice is numbered under `K{yy}MDT`: `K`
 * (without the authority's code) with `M` (made at a cash register) and the letters `DT` ("dùng thử").
 * An invoice made at a cash register always carries the authority's code (`C`), so no registration can
 * hold a `K..M` series, and the series never consumes a legal number: the legal series starts at 1 once
 * the node is live. The year digits follow the year, so a demo series starts at 1 each year as a legal one.
 */
export function demoSymbol(kyHieu: string): string {
  return `K${kyHieu.slice(1, 3)}MDT`;
}

/**
 * Why a legal template cannot take this symbol (Vietnamese), or undefined: the letters of the demo series, or
 * a symbol that already holds demo invoices, would put the first legal invoice after demo numbers of the same
 * series (docs/security.md, F3).
 */
export function legalSymbolRefusal(kyHieu: string, holdsDemoInvoices: boolean): string | undefined {
  if (kyHieu.slice(4) === 'DT')
    return `Ký hiệu ${kyHieu} thuộc dãy hóa đơn dùng thử (hai chữ cuối DT): hóa đơn thật không được đánh số chung với hóa đơn dùng thử. Hãy chọn hai chữ cuối khác.`;
  if (holdsDemoInvoices)
    return `Ký hiệu ${kyHieu} đã có hóa đơn dùng thử: hóa đơn thật không được đánh số tiếp sau hóa đơn dùng thử. Hãy chọn ký hiệu khác.`;
  return undefined;
}

/** Whether `kyHieu` is of the demo series (`K..M`, which no registration can hold). */
export const isDemoSeries = (kyHieu: string): boolean => kyHieu[0] === 'K' && kyHieu[3] === 'M';
