/**
 * DLQRCode: what a T-VAN's 206 carries for each invoice after MCCQT (docs/transmission.md "DLQRCode"). An
 * EMVCo TLV: `00` = `01`, a template `99` of the invoice's facts (`00` id as 32 hex digits, `01` seller MST,
 * `02` KHMSHDon, `03` KHHDon, `04` SHDon, `05` NLap as yyyymmdd, `06` total payable), then `63` and the
 * CRC-16/CCITT-FALSE of everything before its value. Every length is two digits. Pure.
 */
import { createHash } from 'node:crypto';
import { crc16 } from './vietqr.js';

export interface InvoiceQrFacts {
  invoiceId: string;
  sellerMst: string;
  mauSo: string;
  kyHieu: string;
  number: number | string;
  /** yyyy-mm-dd */
  issueDate: string;
  total: number | string;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`DLQRCode: trường ${id} dài quá 99 ký tự.`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The id as 32 upper-case hex digits: a UUID without its dashes; any other id, its MD5 (same length, same id each time). */
export function invoiceIdHex(invoiceId: string): string {
  const bare = invoiceId.replaceAll('-', '');
  const hex = /^[0-9a-fA-F]{32}$/.test(bare) ? bare : createHash('md5').update(invoiceId).digest('hex');
  return hex.toUpperCase();
}

export function invoiceQrCode(facts: InvoiceQrFacts): string {
  const template = [
    field('00', invoiceIdHex(facts.invoiceId)),
    field('01', facts.sellerMst),
    field('02', facts.mauSo),
    field('03', facts.kyHieu),
    field('04', String(facts.number)),
    field('05', facts.issueDate.replaceAll('-', '')),
    field('06', String(facts.total)),
  ].join('');
  const body = `${field('00', '01')}${field('99', template)}6304`;
  return body + crc16(body);
}
