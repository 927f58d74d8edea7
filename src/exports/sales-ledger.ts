/**
 * The sales ledger (bảng kê hóa đơn, chứng từ hàng hóa, dịch vụ bán ra) in the layout of 03/DL-HĐĐT, the
 * former PL 01-1/GTGT: pure functions over plain data. An invoice contributes one entry per tax group
 * (rate or category, src/domain/tax-breakdown.ts) its goods and trade discounts carry; how each kind of invoice counts is `ledgerRow` (docs/exports.md, "Legal treatment").
 */
import { mstWithBranchDash } from '../domain/mst.js';
import { compareTaxGroups, taxGroupLabel } from '../domain/tax-breakdown.js';
import { INVOICE_TITLES } from '../xml/invoice-xml.js';
import { monthTitle, SUPPLEMENTARY_TITLE } from './declared-periods.js';
import { viDate } from './period.js';

export const SECTION_KEYS = ['KCT', '0', '5', '8', '10', 'KKKNT', 'KHAC'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const SECTION_TITLES: Record<SectionKey, string> = {
  KCT: 'Hàng hóa, dịch vụ không chịu thuế giá trị gia tăng (GTGT)',
  '0': 'Hàng hóa, dịch vụ chịu thuế suất thuế GTGT 0%',
  '5': 'Hàng hóa, dịch vụ chịu thuế suất thuế GTGT 5%',
  '8': 'Hàng hóa, dịch vụ chịu thuế suất thuế GTGT 8% (giảm thuế GTGT)',
  '10': 'Hàng hóa, dịch vụ chịu thuế suất thuế GTGT 10%',
  KKKNT: 'Hàng hóa, dịch vụ không phải kê khai, tính nộp thuế GTGT',
  KHAC: 'Hàng hóa, dịch vụ chịu thuế suất khác',
};

/** Sections whose revenue is "chịu thuế GTGT" in the footer (all but KCT and KKKNT). */
const TAXABLE: readonly SectionKey[] = ['0', '5', '8', '10', 'KHAC'];

/** The columns (1)–(11) of the form. */
export const LEDGER_COLUMNS = [
  'STT',
  'Tên loại hóa đơn',
  'Ký hiệu mẫu số',
  'Ký hiệu hóa đơn',
  'Số hóa đơn',
  'Ngày lập',
  'Tên người mua',
  'Mã số thuế người mua',
  'Doanh thu chưa có thuế GTGT',
  'Thuế GTGT',
  'Ghi chú',
] as const;

export const FOOTER_LABELS = {
  revenue: 'Tổng doanh thu hàng hóa, dịch vụ bán ra',
  taxableRevenue: 'Tổng doanh thu hàng hóa, dịch vụ bán ra chịu thuế GTGT',
  taxAmount: 'Tổng số thuế GTGT của hàng hóa, dịch vụ bán ra',
} as const;

/** The section of a tax group: `10%` → 10, `KCT` → KCT, `KHAC:5.26` → KHAC. */
export function sectionOfGroup(group: string): SectionKey {
  const key = group.replace(/%$/, '');
  return (SECTION_KEYS as readonly string[]).includes(key) && key !== 'KHAC' ? (key as SectionKey) : 'KHAC';
}

export interface InvoiceRef {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
}

/** An invoice's part in one tax group: Σ of its lines in that group, as stored (negative for a decrease). */
export interface LedgerEntry {
  status: 'issued' | 'adjusted' | 'replaced';
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  buyerName: string;
  buyerMst: string | null;
  /** The TSuat of the group: 10%, KCT, KHAC:5.26… */
  taxGroup: string;
  amount: number;
  taxAmount: number;
  adjustmentType: 'increase' | 'decrease' | 'info' | null;
  replaces: InvoiceRef | null;
  adjusts: InvoiceRef | null;
  replacedBy: InvoiceRef | null;
  adjustedBy: InvoiceRef | null;
  /**
   * The declared (locked) month of the invoice this one corrects, when the month was locked before this one
   * was made: its difference goes to the supplementary section, not to this period's sections.
   */
  correctsDeclared?: string | null;
}

export interface LedgerRow {
  stt: number;
  kind: string;
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  buyerName: string;
  buyerMst: string;
  amount: number;
  taxAmount: number;
  note: string;
}

export interface Amounts {
  amount: number;
  taxAmount: number;
}

export interface SectionTotal extends Amounts {
  key: SectionKey;
  rows: number;
}

export interface LedgerFooter {
  revenue: number;
  taxableRevenue: number;
  taxAmount: number;
}

const refText = (ref: InvoiceRef) => `HĐ ${ref.mauSo}${ref.kyHieu} số ${ref.number} ngày ${viDate(ref.issueDate)}`;

const ADJUSTMENT_WORDS = { increase: 'tăng', decrease: 'giảm', info: 'thông tin' } as const;

/** The related invoices in words, for "ghi chú". */
export function ledgerNote(entry: LedgerEntry): string {
  const notes: string[] = [];
  if (sectionOfGroup(entry.taxGroup) === 'KHAC') notes.push(`Thuế suất ${taxGroupLabel(entry.taxGroup)}`);
  if (entry.replaces) notes.push(`Thay thế ${refText(entry.replaces)}`);
  if (entry.adjusts) {
    notes.push(`Điều chỉnh ${ADJUSTMENT_WORDS[entry.adjustmentType ?? 'info']} cho ${refText(entry.adjusts)}`);
  }
  if (entry.adjustedBy) notes.push(`Đã được điều chỉnh bởi ${refText(entry.adjustedBy)}`);
  if (entry.replacedBy) notes.push(`Bị thay thế bởi ${refText(entry.replacedBy)}, ghi doanh thu 0`);
  if (entry.correctsDeclared) {
    notes.push(
      `Hóa đơn của kỳ đã khai (${monthTitle(entry.correctsDeclared)}): ghi doanh thu 0, chênh lệch tại mục "${SUPPLEMENTARY_TITLE}"`,
    );
  }
  return notes.join('; ');
}

/**
 * One row of the form. A replaced invoice is cancelled by its replacement (Decree 123 art. 19): it stays
 * listed, with 0, so that its number is accounted for; the replacement carries the amounts. An adjustment
 * carries its own signed amounts; the adjusted original keeps its own.
 */
export function ledgerRow(entry: LedgerEntry, stt: number): LedgerRow {
  const counts = entry.status !== 'replaced' && !entry.correctsDeclared;
  return {
    stt,
    kind: INVOICE_TITLES[entry.mauSo] ?? 'Hóa đơn',
    mauSo: entry.mauSo,
    kyHieu: entry.kyHieu,
    number: entry.number,
    issueDate: viDate(entry.issueDate),
    buyerName: entry.buyerName,
    buyerMst: entry.buyerMst ? mstWithBranchDash(entry.buyerMst) : '',
    amount: counts ? entry.amount : 0,
    taxAmount: counts ? entry.taxAmount : 0,
    note: ledgerNote(entry),
  };
}

/** Sums rows into their sections and the footer as the ledger is written. */
export function createLedgerTotals() {
  const sections = new Map<SectionKey, SectionTotal>(
    SECTION_KEYS.map((key) => [key, { key, rows: 0, amount: 0, taxAmount: 0 }]),
  );
  return {
    add(key: SectionKey, row: Amounts) {
      const total = sections.get(key)!;
      total.rows += 1;
      total.amount += row.amount;
      total.taxAmount += row.taxAmount;
    },
    section: (key: SectionKey): SectionTotal => ({ ...sections.get(key)! }),
    sections: (): SectionTotal[] => SECTION_KEYS.map((key) => ({ ...sections.get(key)! })),
  };
}

export function ledgerFooter(sections: readonly SectionTotal[]): LedgerFooter {
  let revenue = 0;
  let taxableRevenue = 0;
  let taxAmount = 0;
  for (const section of sections) {
    revenue += section.amount;
    taxAmount += section.taxAmount;
    if (TAXABLE.includes(section.key)) taxableRevenue += section.amount;
  }
  return { revenue, taxableRevenue, taxAmount };
}

/** Groups in the order their sections come, other rates ascending at the end: the order of the ledger's passes. */
export function ledgerGroupOrder(groups: readonly string[]): string[] {
  return [...new Set(groups)].sort(compareTaxGroups);
}

export interface SalesLedger {
  sections: { key: SectionKey; title: string; rows: LedgerRow[]; total: SectionTotal }[];
  footer: LedgerFooter;
}

/** The whole ledger of entries given in the period's order (chronological), held in memory. */
export function buildSalesLedger(entries: readonly LedgerEntry[]): SalesLedger {
  const totals = createLedgerTotals();
  const rows = new Map<SectionKey, LedgerRow[]>(SECTION_KEYS.map((key) => [key, []]));
  for (const group of ledgerGroupOrder(entries.map((e) => e.taxGroup))) {
    const key = sectionOfGroup(group);
    const sectionRows = rows.get(key)!;
    for (const entry of entries) {
      if (entry.taxGroup !== group) continue;
      const row = ledgerRow(entry, sectionRows.length + 1);
      sectionRows.push(row);
      totals.add(key, row);
    }
  }
  const sections = SECTION_KEYS.map((key) => ({
    key,
    title: SECTION_TITLES[key],
    rows: rows.get(key)!,
    total: totals.section(key),
  }));
  return { sections, footer: ledgerFooter(sections.map((s) => s.total)) };
}
