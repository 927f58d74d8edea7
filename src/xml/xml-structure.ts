/**
 * The project's own structure checks of an invoice XML (no official XSD is public): required tags, value
 * shapes and the arithmetic between lines and totals. Returns problems as "path: what is wrong".
 */
import { isCalendarDate } from '../domain/calendar.js';
import { checkMstShape } from '../domain/mst.js';
import { KY_HIEU_PATTERN, MAU_SO_PATTERN, MAX_INVOICE_NUMBER } from '../domain/numbering.js';
import { amountInWords } from '../domain/vn-number-words.js';
import { FORMAT_VERSION } from './invoice-xml.js';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

export const childElements = (parent: Element): Element[] =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === ELEMENT_NODE);
export const child = (parent: Element | undefined, name: string): Element | undefined =>
  parent && childElements(parent).find((e) => e.localName === name);
const children = (parent: Element | undefined, name: string): Element[] =>
  parent ? childElements(parent).filter((e) => e.localName === name) : [];
const textOf = (element: Element | undefined): string | undefined =>
  element ? (element.textContent ?? '') : undefined;

// KHAC read both as the format's example writes it (KHAC:5.26) and with a percent sign (KHAC:5.26%).
const TAX_RATE_TEXT = /^(0%|5%|8%|10%|KCT|KKKNT|KHAC:\d{1,2}(\.\d{1,2})?%?)$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;

class Checker {
  readonly problems: string[] = [];

  /** The text of a required child, or undefined after recording that it is missing or empty. */
  required(
    parent: Element | undefined,
    name: string,
    path: string,
    shape?: RegExp | ((text: string) => boolean),
  ): string | undefined {
    if (!parent) return undefined;
    const text = textOf(child(parent, name));
    if (text === undefined || text === '') {
      this.problems.push(`${path}/${name}: thiếu`);
      return undefined;
    }
    this.shape(text, `${path}/${name}`, shape);
    return text;
  }

  optional(
    parent: Element | undefined,
    name: string,
    path: string,
    shape?: RegExp | ((text: string) => boolean),
  ): string | undefined {
    const text = textOf(child(parent, name));
    if (text !== undefined) this.shape(text, `${path}/${name}`, shape);
    return text;
  }

  element(parent: Element | undefined, name: string, path: string): Element | undefined {
    const found = child(parent, name);
    if (parent && !found) this.problems.push(`${path}/${name}: thiếu`);
    return found;
  }

  number(parent: Element | undefined, name: string, path: string): number | undefined {
    const text = this.required(parent, name, path, NUMBER);
    return text !== undefined && NUMBER.test(text) ? Number(text) : undefined;
  }

  equal(actual: number | string | undefined, expected: number | string | undefined, what: string): void {
    if (actual !== undefined && expected !== undefined && actual !== expected)
      this.problems.push(`${what}: ${actual} ≠ ${expected}`);
  }

  private shape(text: string, path: string, shape: RegExp | ((text: string) => boolean) | undefined): void {
    if (!shape) return;
    const ok = typeof shape === 'function' ? shape(text) : shape.test(text);
    if (!ok) this.problems.push(`${path}: giá trị không hợp lệ "${text}"`);
  }
}

const validMst = (text: string) => checkMstShape(text).ok;
const invoiceNumber = (text: string) =>
  /^\d{1,8}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_INVOICE_NUMBER;

function checkGeneral(c: Checker, data: Element): void {
  const path = 'HDon/DLHDon/TTChung';
  const general = c.element(data, 'TTChung', 'HDon/DLHDon');
  c.required(general, 'PBan', path, (v) => v === FORMAT_VERSION);
  c.required(general, 'THDon', path);
  c.required(general, 'KHMSHDon', path, MAU_SO_PATTERN);
  c.required(general, 'KHHDon', path, KY_HIEU_PATTERN);
  c.required(general, 'SHDon', path, invoiceNumber);
  c.required(general, 'NLap', path, isCalendarDate);
  c.required(general, 'HDCTTChinh', path, /^[01]$/);
  c.required(general, 'DVTTe', path);
  c.required(general, 'HTTToan', path);
  c.optional(general, 'MSTTCGP', path, validMst);
  const related = child(general, 'TTHDLQuan');
  if (related) {
    const relatedPath = `${path}/TTHDLQuan`;
    c.required(related, 'TCHDon', relatedPath, /^[12]$/);
    c.required(related, 'LHDCLQuan', relatedPath, /^\d$/);
    c.required(related, 'KHMSHDCLQuan', relatedPath, MAU_SO_PATTERN);
    c.required(related, 'KHHDCLQuan', relatedPath, KY_HIEU_PATTERN);
    c.required(related, 'SHDCLQuan', relatedPath, invoiceNumber);
    c.required(related, 'NLHDCLQuan', relatedPath, isCalendarDate);
  }
}

function checkContent(c: Checker, data: Element): void {
  const path = 'HDon/DLHDon/NDHDon';
  const content = c.element(data, 'NDHDon', 'HDon/DLHDon');
  if (!content) return;
  const seller = c.element(content, 'NBan', path);
  c.required(seller, 'Ten', `${path}/NBan`);
  c.optional(seller, 'MST', `${path}/NBan`, validMst);
  const buyer = c.element(content, 'NMua', path);
  if (buyer && !textOf(child(buyer, 'Ten')) && !textOf(child(buyer, 'HVTNMHang')))
    c.problems.push(`${path}/NMua/Ten: thiếu`);
  c.optional(buyer, 'MST', `${path}/NMua`, validMst);
  c.optional(buyer, 'MDVQHNSach', `${path}/NMua`, /^[0-9]{7}$/);
  c.optional(buyer, 'CCCDan', `${path}/NMua`, /^[0-9]{12}$/);
  c.optional(buyer, 'SHChieu', `${path}/NMua`, /^[A-Za-z0-9]{1,20}$/);

  const lines = children(c.element(content, 'DSHHDVu', path), 'HHDVu');
  // A trade discount's (TChat 3) ThTien is written positive and subtracted from the amount before tax.
  let linesTotal = 0;
  let tradeDiscounts = 0;
  lines.forEach((line, i) => {
    const linePath = `${path}/DSHHDVu/HHDVu[${i + 1}]`;
    c.required(line, 'TChat', linePath, /^[1-4]$/);
    c.required(line, 'STT', linePath, /^\d+$/);
    c.required(line, 'THHDVu', linePath);
    c.optional(line, 'SLuong', linePath, NUMBER);
    c.optional(line, 'DGia', linePath, NUMBER);
    c.optional(line, 'TSuat', linePath, TAX_RATE_TEXT);
    const nature = textOf(child(line, 'TChat'));
    // A note (TChat 4) may have no amount.
    const amount = nature === '4' && !child(line, 'ThTien') ? 0 : (c.number(line, 'ThTien', linePath) ?? 0);
    const tradeDiscount = nature === '3';
    linesTotal += tradeDiscount ? -amount : amount;
    if (tradeDiscount) tradeDiscounts += amount;
  });

  const totals = c.element(content, 'TToan', path);
  if (!totals) return;
  const totalsPath = `${path}/TToan`;
  const beforeTax = c.number(totals, 'TgTCThue', totalsPath);
  const tax = c.number(totals, 'TgTThue', totalsPath);
  const payable = c.number(totals, 'TgTTTBSo', totalsPath);
  const words = c.required(totals, 'TgTTTBChu', totalsPath);
  c.equal(linesTotal, beforeTax, `${totalsPath}/TgTCThue (tổng ThTien các dòng, trừ chiết khấu thương mại)`);
  const tradeDiscountTotal = child(totals, 'TTCKTMai') && c.number(totals, 'TTCKTMai', totalsPath);
  if (tradeDiscountTotal !== undefined)
    c.equal(tradeDiscounts, tradeDiscountTotal, `${totalsPath}/TTCKTMai (tổng ThTien các dòng chiết khấu thương mại)`);
  if (beforeTax !== undefined && tax !== undefined)
    c.equal(beforeTax + tax, payable, `${totalsPath}/TgTTTBSo (TgTCThue + TgTThue)`);
  if (payable !== undefined && Number.isSafeInteger(payable))
    c.equal(words, amountInWords(payable), `${totalsPath}/TgTTTBChu`);
  const groups = children(child(totals, 'THTTLTSuat'), 'LTSuat');
  groups.forEach((group, i) => {
    c.required(group, 'TSuat', `${totalsPath}/THTTLTSuat/LTSuat[${i + 1}]`, TAX_RATE_TEXT);
  });
  if (groups.length > 0) {
    const sum = (name: string) => groups.reduce((s, g) => s + (Number(textOf(child(g, name))) || 0), 0);
    c.equal(sum('ThTien'), beforeTax, `${totalsPath}/THTTLTSuat (tổng ThTien)`);
    c.equal(sum('TThue'), tax, `${totalsPath}/THTTLTSuat (tổng TThue)`);
  }
}

/** Text between the tags of the signed data (the format wants none). */
function hasWhitespaceBetweenTags(element: Element): boolean {
  const nodes = Array.from(element.childNodes);
  const mixed = nodes.some((n) => n.nodeType === ELEMENT_NODE);
  return nodes.some(
    (n) =>
      (mixed && n.nodeType === TEXT_NODE) || (n.nodeType === ELEMENT_NODE && hasWhitespaceBetweenTags(n as Element)),
  );
}

export function structureProblems(root: Element): string[] {
  const c = new Checker();
  if (root.localName !== 'HDon') return [`gốc phải là HDon, không phải ${root.localName}`];
  const data = c.element(root, 'DLHDon', 'HDon');
  if (data) {
    if (!data.getAttribute('Id')) c.problems.push('HDon/DLHDon/@Id: thiếu');
    checkGeneral(c, data);
    checkContent(c, data);
    if (hasWhitespaceBetweenTags(data)) c.problems.push('HDon/DLHDon: có ký tự giữa các thẻ');
  }
  c.optional(root, 'MCCQT', 'HDon', /^M\d-\d{2}-[A-Z0-9]{5}-\d{11}$|^[A-Z0-9]{34}$/);
  c.element(c.element(root, 'DSCKS', 'HDon'), 'NBan', 'HDon/DSCKS');
  return c.problems;
}
