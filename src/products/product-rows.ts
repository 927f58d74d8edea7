/** A catalogue row as the API shows it, and the row the admin's fields make: the two directions of one mapping. */
import type { ProductRow, StoreProduct } from './products.repository.js';
import type { Product, ProductFields } from './products.schemas.js';

export const toProduct = (p: ProductRow, withCost: boolean): Product => ({
  sku: p.sku,
  name: p.name,
  ...(p.unit ? { unit: p.unit } : {}),
  unitPrice: p.unitPrice,
  taxRate: p.taxRate,
  vatReductionEligible: p.vatReductionEligible === 1,
  ...(p.taxCategory ? { taxCategory: p.taxCategory } : {}),
  ...(p.barcode ? { barcode: p.barcode } : {}),
  ...(p.category ? { category: p.category } : {}),
  favourite: p.favourite === 1,
  ...(withCost && p.costPrice !== null ? { costPrice: p.costPrice } : {}),
  active: p.active === 1,
  sold: p.sold === 1,
});

/** The row the admin's fields make, with PUT's defaults for what was left out. */
export const storeProduct = (sku: string, f: ProductFields, at: string): StoreProduct => ({
  sku,
  name: f.name,
  unit: f.unit || null,
  unitPrice: f.unitPrice,
  taxRate: f.taxRate,
  updatedAt: at,
  vatReductionEligible: f.vatReductionEligible === false ? 0 : 1,
  taxCategory: f.taxCategory ?? 'goods',
  barcode: f.barcode || null,
  category: f.category || null,
  favourite: f.favourite ? 1 : 0,
  costPrice: f.costPrice ?? null,
  active: f.active === false ? 0 : 1,
});
