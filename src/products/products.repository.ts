import { asc, eq, or, sql } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import type { Db } from '../db/open.js';
import { likePattern, searchKey } from '../domain/text.js';
import { products } from './products.table.js';

export type ProductRow = typeof products.$inferSelect;
/** What learning and headquarters write: the tax facts are the store admin's (PUT /products/:sku). */
type CatalogueFields = Omit<ProductRow, 'nameKey' | 'source' | 'vatReductionEligible' | 'taxCategory'>;

export function createProductsRepository(db: Db) {
  const sqlite = db.$client;
  // Learning from invoices never overwrites what headquarters set for a SKU.
  // A sale at the product's known name, unit and price changes nothing: the row is left alone, not rewritten
  // with a new updated_at (with its name index entry), which was a page written per invoice line.
  const learn = sqlite.prepare(
    `INSERT INTO products (sku, name, name_key, unit, unit_price, tax_rate, source, updated_at)
     VALUES (@sku, @name, @nameKey, @unit, @unitPrice, @taxRate, 'invoice', @updatedAt)
     ON CONFLICT (sku) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, unit = coalesce(excluded.unit, unit),
       unit_price = excluded.unit_price, tax_rate = excluded.tax_rate, updated_at = excluded.updated_at
     WHERE source = 'invoice' AND (name IS NOT excluded.name OR unit_price IS NOT excluded.unit_price
       OR tax_rate IS NOT excluded.tax_rate OR unit IS NOT coalesce(excluded.unit, unit))`,
  );
  const fromHeadquarters = sqlite.prepare(
    `INSERT INTO products (sku, name, name_key, unit, unit_price, tax_rate, source, updated_at)
     VALUES (@sku, @name, @nameKey, @unit, @unitPrice, @taxRate, 'hq', @updatedAt)
     ON CONFLICT (sku) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, unit = excluded.unit,
       unit_price = excluded.unit_price, tax_rate = excluded.tax_rate, source = 'hq', updated_at = excluded.updated_at`,
  );
  const setTax = sqlite.prepare(
    'UPDATE products SET vat_reduction_eligible = @eligible, tax_category = @taxCategory WHERE sku = @sku',
  );
  const toParams = (p: CatalogueFields) => ({ ...p, nameKey: searchKey(p.name) });
  return {
    learn: (p: CatalogueFields) => learn.run(toParams(p)),
    upsertFromHeadquarters: (p: CatalogueFields) => fromHeadquarters.run(toParams(p)),
    setTax: (sku: string, eligible: boolean, taxCategory: ProductRow['taxCategory']) =>
      setTax.run({ sku, eligible: eligible ? 1 : 0, taxCategory }),

    list(search: string | undefined, limit: number, offset: number) {
      const where = search
        ? or(like(search), sql`${products.sku} GLOB ${`${search.replace(/[*?[\]]/g, '')}*`}`)
        : undefined;
      return {
        total: countRows(db, products, where),
        rows: db
          .select()
          .from(products)
          .where(where)
          .orderBy(asc(products.nameKey), asc(products.sku))
          .limit(limit)
          .offset(offset)
          .all(),
      };
    },
    findBySku: (sku: string) => db.select().from(products).where(eq(products.sku, sku)).get(),
  };
}

const like = (search: string) => sql`${products.nameKey} LIKE ${likePattern(searchKey(search))} ESCAPE '\\'`;

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
