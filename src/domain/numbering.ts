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
 * The seller letters of the demo series (decisions §7): a demo invoice is numbered under the template's
 * symbol with its two last letters made `DT` ("dùng thử"), a series of its own that never consumes a legal
 * number, so that the legal series starts at 1 once the node is live. A template that itself ends in `DT`
 * has its demo series under `DU`.
 */
export function demoSymbol(kyHieu: string): string {
  return `${kyHieu.slice(0, 4)}${kyHieu.slice(4) === 'DT' ? 'DU' : 'DT'}`;
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
