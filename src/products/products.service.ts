/** The catalogue: every SKU sold teaches it the name, unit, last price and tax rate; HQ sync overrides. */
import type { Clock } from '../clock.js';
import { page } from '../http/envelope.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import type { ProductRow, ProductsRepository } from './products.repository.js';

const toProduct = (p: ProductRow) => ({
  sku: p.sku,
  name: p.name,
  unit: p.unit ?? undefined,
  unitPrice: p.unitPrice,
  taxRate: p.taxRate,
  vatReductionEligible: p.vatReductionEligible === 1,
  ...(p.taxCategory ? { taxCategory: p.taxCategory } : {}),
});

export function createProductsService(deps: { products: ProductsRepository; clock: Clock }) {
  const { products, clock } = deps;
  return {
    list(search: string | undefined, pageNumber: number, pageSize: number) {
      const { total, rows } = products.list(search?.trim() || undefined, pageSize, (pageNumber - 1) * pageSize);
      return page(rows.map(toProduct), total, pageNumber, pageSize);
    },

    /** The product's VAT reduction eligibility and default category (set by the store's admin). */
    setTax(sku: string, vatReductionEligible: boolean, taxCategory: 'goods' | 'KCT' | 'KKKNT') {
      products.setTax(sku, vatReductionEligible, taxCategory);
    },

    /** What issuing checks a line against (src/invoices/invoices.service.ts `productTaxOf`). */
    taxOf(sku: string) {
      const row = products.findBySku(sku);
      return (
        row && { name: row.name, vatReductionEligible: row.vatReductionEligible === 1, taxCategory: row.taxCategory }
      );
    },

    /** Headquarters' catalogue entry for a SKU (the sync pull calls this). */
    upsertFromHeadquarters(product: {
      sku: string;
      name: string;
      unit?: string | null;
      unitPrice: number;
      taxRate: number;
    }) {
      products.upsertFromHeadquarters({ ...product, unit: product.unit ?? null, updatedAt: clock.now().toISOString() });
    },

    learnListener: (({ before, after, items }) => {
      // Prices are learnt from what was sold: not from a correction (a decrease's price is negative), a
      // promotion given free, a trade discount or a note.
      if (before || after.adjustsId !== null) return;
      for (const item of items) {
        if (!item.sku || item.kind !== 'goods') continue;
        products.learn({
          sku: item.sku,
          name: item.name,
          unit: item.unit,
          unitPrice: item.unitPrice,
          taxRate: item.taxRate,
          updatedAt: after.createdAt,
        });
      }
    }) satisfies InvoiceListener,
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
