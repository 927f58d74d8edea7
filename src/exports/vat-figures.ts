/**
 * The indicators of the VAT return (tờ khai 01/GTGT, Circular 80/2021) that come from sales, from the
 * ledger's section totals. Pure. The reduced 8 % rate is declared with the 10 % sales ([32], [33] at the
 * tax invoiced) and its reduction listed for the reduction appendix: docs/exports.md, "Legal treatment".
 */
import { roundProduct } from '../domain/money.js';
import type { SectionKey, SectionTotal } from './sales-ledger.js';

/** The reduction of the 8 % rate: 20 % of the 10 % tax, i.e. 2 % of the revenue. */
const REDUCTION_RATE = 0.02;

/** The line pair of the return KHAC sales are declared on besides [27]/[34] (the `declaration` setting). */
export type KhacLines = '30/31' | '32/33';

export interface VatIndicator {
  code: string;
  label: string;
  value: number;
}

export interface VatFigures {
  indicators: VatIndicator[];
  /** What the reduction appendix needs: the 8 % sales, their tax, and the tax reduced. */
  reduced: { revenue: number; taxAmount: number; reduction: number };
  /**
   * Sales at other rates (KHAC): counted in [27] and [34], and in the line pair the `declaration` setting
   * names ([30]/[31] or [32]/[33]), which the export names (docs/exports.md, "KHAC").
   */
  otherRates: { revenue: number; taxAmount: number; declaredAt: string };
}

export function vatFigures(sections: readonly SectionTotal[], khacLines: KhacLines = '32/33'): VatFigures {
  const of = (key: SectionKey) => sections.find((s) => s.key === key) ?? { amount: 0, taxAmount: 0 };
  const kct = of('KCT').amount;
  const zero = of('0').amount;
  const five = of('5');
  const eight = of('8');
  const ten = of('10');
  const kkknt = of('KKKNT').amount;
  const other = of('KHAC');
  const khacAt5 = khacLines === '30/31';
  const revenue30 = five.amount + (khacAt5 ? other.amount : 0);
  const tax31 = five.taxAmount + (khacAt5 ? other.taxAmount : 0);
  const revenue32 = ten.amount + eight.amount + (khacAt5 ? 0 : other.amount);
  const tax33 = ten.taxAmount + eight.taxAmount + (khacAt5 ? 0 : other.taxAmount);
  const taxable27 = zero + revenue30 + revenue32 + kkknt;
  const tax28 = tax31 + tax33;
  return {
    indicators: [
      { code: '[26]', label: 'Hàng hóa, dịch vụ bán ra không chịu thuế GTGT', value: kct },
      {
        code: '[27]',
        label: 'Hàng hóa, dịch vụ bán ra chịu thuế ([27] = [29] + [30] + [32] + [32a])',
        value: taxable27,
      },
      { code: '[28]', label: 'Thuế GTGT của hàng hóa, dịch vụ bán ra chịu thuế ([28] = [31] + [33])', value: tax28 },
      { code: '[29]', label: 'Hàng hóa, dịch vụ bán ra chịu thuế suất 0%', value: zero },
      {
        code: '[30]',
        label: `Hàng hóa, dịch vụ bán ra chịu thuế suất 5%${khacAt5 ? ' (gồm thuế suất khác)' : ''}: doanh thu`,
        value: revenue30,
      },
      {
        code: '[31]',
        label: `Hàng hóa, dịch vụ bán ra chịu thuế suất 5%${khacAt5 ? ' (gồm thuế suất khác)' : ''}: thuế GTGT`,
        value: tax31,
      },
      {
        code: '[32]',
        label: `Hàng hóa, dịch vụ bán ra chịu thuế suất 10% (gồm 8% giảm thuế${khacAt5 ? '' : ', thuế suất khác'}): doanh thu`,
        value: revenue32,
      },
      {
        code: '[33]',
        label: `Hàng hóa, dịch vụ bán ra chịu thuế suất 10% (gồm 8% giảm thuế${khacAt5 ? '' : ', thuế suất khác'}): thuế GTGT`,
        value: tax33,
      },
      { code: '[32a]', label: 'Hàng hóa, dịch vụ bán ra không phải kê khai, tính nộp thuế GTGT', value: kkknt },
      { code: '[34]', label: 'Tổng doanh thu hàng hóa, dịch vụ bán ra ([34] = [26] + [27])', value: kct + taxable27 },
      { code: '[35]', label: 'Tổng thuế GTGT của hàng hóa, dịch vụ bán ra ([35] = [28])', value: tax28 },
    ],
    reduced: {
      revenue: eight.amount,
      taxAmount: eight.taxAmount,
      reduction: roundProduct(eight.amount, REDUCTION_RATE),
    },
    otherRates: { revenue: other.amount, taxAmount: other.taxAmount, declaredAt: khacAt5 ? '[30]/[31]' : '[32]/[33]' },
  };
}

/** The table printed below the ledger: the indicators, then the 8 % reduction and the other rates. */
export function vatTableRows(figures: VatFigures): VatIndicator[] {
  return [
    ...figures.indicators,
    { code: '8%', label: 'Trong đó thuế suất 8% (giảm thuế GTGT): doanh thu', value: figures.reduced.revenue },
    { code: '8%', label: 'Trong đó thuế suất 8%: thuế GTGT', value: figures.reduced.taxAmount },
    { code: '8%', label: 'Số thuế GTGT được giảm (2% doanh thu, phụ lục giảm thuế)', value: figures.reduced.reduction },
    {
      code: 'Khác',
      label: `Thuế suất khác (đã khai tại chỉ tiêu [27], [34] và ${figures.otherRates.declaredAt}): doanh thu`,
      value: figures.otherRates.revenue,
    },
    { code: 'Khác', label: 'Thuế suất khác: thuế GTGT', value: figures.otherRates.taxAmount },
  ];
}
