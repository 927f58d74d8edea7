/**
 * Template numbers and symbols (shared/domain/vn-einvoice.md). Numbers are gapless per (mauSo, kyHieu),
 * and the symbol carries the year, so a new year means a new symbol whose numbers restart at 1.
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
 * The demo series (docs/invoices.md, "Demo invoices"): a demo invoice is numbered under the template's kind
 * and form with the year digits `00` and the letters `DT` ("dùng thử"), e.g. `C00MDT`. A real symbol carries
 * the two last digits of its year of issue, so no registration of an e-invoice can hold a `00` series, and
 * the series never consumes a legal number: the legal series starts at 1 once the node is live.
 */
export function demoSymbol(kyHieu: string): string {
  return `${kyHieu[0]}00${kyHieu[3]}DT`;
}

/** Whether `kyHieu` is of the demo series (year digits `00`). */
export const isDemoSeries = (kyHieu: string): boolean => kyHieu.slice(1, 3) === '00';
