/**
 * The catalogue's and the VAT reduction's say on an invoice's requested lines, before they are priced
 * (invoice-lines.ts): a plain function of the lines, the reduction windows and the products' tax facts.
 */
import {
  EXCLUDED_GOODS_ANNEX,
  isReducedRate,
  outsideWindowMessage,
  type VatReductionWindow,
  windowFor,
} from '../domain/vat-reduction.js';
import { validationError } from '../errors.js';
import type { LineRequest } from './invoice-lines.js';

/** What issuing reads of a catalogue product (docs/exports.md, "VAT reduction windows"). */
export interface ProductTax {
  name: string;
  vatReductionEligible: boolean;
  /** null: not set (a product learnt from sales): the line decides. */
  taxCategory: 'goods' | 'KCT' | 'KKKNT' | null;
}

/**
 * The catalogue's say on the lines: a line without a category takes its product's default one (KCT, KKKNT),
 * a line cannot sell a product set as taxable goods as KCT/KKKNT, and a reduced-rate line needs a
 * reduction window on `rateDate` and a product the reduction applies to.
 */
export function checkRates(
  items: readonly LineRequest[],
  rateDate: string,
  windows: readonly VatReductionWindow[],
  productTaxOf: ((sku: string) => ProductTax | undefined) | undefined,
): LineRequest[] {
  const errors: { path: string; message: string }[] = [];
  const checked = items.map((line, i) => {
    if (line.kind === 'note') return line;
    const at = (field: string, message: string) => errors.push({ path: `body.items.${i}.${field}`, message });
    const product = line.sku ? productTaxOf?.(line.sku) : undefined;
    let result = line;
    if (product?.taxCategory === 'KCT' || product?.taxCategory === 'KKKNT') {
      if (line.taxCategory === undefined) {
        if (line.taxRate !== 0)
          at(
            'taxRate',
            `Sản phẩm "${product.name}" (${line.sku}) là hàng ${product.taxCategory}: không có thuế suất, bỏ taxRate.`,
          );
        else result = { ...line, taxCategory: product.taxCategory };
      }
    } else if (product?.taxCategory === 'goods' && (line.taxCategory === 'KCT' || line.taxCategory === 'KKKNT')) {
      at(
        'taxCategory',
        `Sản phẩm "${product.name}" (${line.sku}) là hàng hóa chịu thuế GTGT, không bán là ${line.taxCategory}.`,
      );
    }
    if (result.taxCategory === undefined && isReducedRate(windows, result.taxRate)) {
      const window = windowFor(windows, rateDate, result.taxRate);
      if (!window) at('taxRate', outsideWindowMessage(windows, rateDate, result.taxRate));
      else if (product && !product.vatReductionEligible)
        at(
          'taxRate',
          `Sản phẩm "${product.name}" (${line.sku}) không được giảm thuế GTGT (${EXCLUDED_GOODS_ANNEX}): dùng thuế suất 10%.`,
        );
    }
    return result;
  });
  if (errors.length > 0) throw validationError(errors[0]!.message, errors);
  return checked;
}
