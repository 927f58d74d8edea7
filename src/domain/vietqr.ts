/**
 * VietQR: the NAPAS 247 profile of the EMVCo merchant-presented QR that every Vietnamese banking app reads.
 * The payload is TLV fields (two-digit id, two-digit length, value) ending with a CRC-16/CCITT-FALSE over the
 * whole string including the CRC's own id and length ("6304"). Pure, so the console builds exactly what the
 * tests decode.
 */
import { searchKey } from './text.js';

export interface BankAccount {
  /** The bank's 6-digit NAPAS BIN (970436 Vietcombank, 970415 VietinBank, …). */
  bin: string;
  accountNumber: string;
  accountName: string;
}

export interface VietQrRequest {
  account: Pick<BankAccount, 'bin' | 'accountNumber'>;
  /** Whole đồng; without it the code is static and the payer types the amount. */
  amount?: number;
  /** The transfer's content (62/08) banks show to the payer: plain ASCII, at most 25 characters. */
  purpose?: string;
  /** The bill number (62/01). */
  billNumber?: string;
  /** To a card number (QRIBFTTC) rather than an account (QRIBFTTA). */
  toCard?: boolean;
}

const NAPAS_GUID = 'A000000727';
const PURPOSE_MAX = 25;

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`VietQR: trường ${id} dài quá 99 ký tự.`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of ASCII text, 4 upper hex. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i += 1) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A transfer content banks accept: no diacritics, letters, digits and spaces only, at most 25 characters. */
export function plainPurpose(text: string): string {
  return searchKey(text)
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, PURPOSE_MAX)
    .trim();
}

export function vietQrPayload(request: VietQrRequest): string {
  const { account, amount, purpose, billNumber, toCard } = request;
  if (!/^\d{6}$/.test(account.bin)) throw new RangeError('VietQR: mã BIN ngân hàng gồm 6 chữ số.');
  if (amount !== undefined && !(Number.isInteger(amount) && amount > 0))
    throw new RangeError('VietQR: số tiền là số đồng nguyên dương.');
  const beneficiary = field('00', account.bin) + field('01', account.accountNumber);
  const merchant = field('00', NAPAS_GUID) + field('01', beneficiary) + field('02', toCard ? 'QRIBFTTC' : 'QRIBFTTA');
  const extra = (billNumber ? field('01', billNumber) : '') + (purpose ? field('08', plainPurpose(purpose)) : '');
  const body =
    field('00', '01') +
    field('01', amount === undefined ? '11' : '12') +
    field('38', merchant) +
    field('53', '704') +
    (amount === undefined ? '' : field('54', String(amount))) +
    field('58', 'VN') +
    (extra ? field('62', extra) : '') +
    '6304';
  return body + crc16(body);
}

export type TlvFields = Record<string, string>;

/** Splits a TLV string into its fields (the last of a repeated id wins); throws on a length that overruns. */
export function parseTlv(text: string): TlvFields {
  const fields: TlvFields = {};
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > text.length)
      throw new RangeError(`VietQR: trường hỏng ở vị trí ${at}.`);
    fields[id] = text.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
}

/** True when the payload's last four characters are the CRC of everything before them. */
export function crcValid(payload: string): boolean {
  return payload.length > 8 && payload.slice(-8, -4) === '6304' && crc16(payload.slice(0, -4)) === payload.slice(-4);
}
