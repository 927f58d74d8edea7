import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import type { Db } from '../db/open.js';
import { trigramMatch } from '../db/trigram-search.js';
import { searchKey } from '../domain/text.js';
import { products } from './products.table.js';

export type ProductRow = typeof products.$inferSelect;
/** What learning and headquarters write: the tax facts are the store admin's (PUT /products/:sku). */
type CatalogueFields = Pick<ProductRow, 'sku' | 'name' | 'unit' | 'unitPrice' | 'taxRate' | 'updatedAt'>;
/** Everything the store's admin sets for a product (PUT /products/:sku, an import). */
export type StoreProduct = Omit<ProductRow, 'nameKey' | 'source' | 'sold'>;

export interface ProductFilter {
  search?: string;
  category?: string;
  active?: boolean;
}

export function createProductsRepository(db: Db) {
  const sqlite = db.$client;
  // Learning from invoices never overwrites what headquarters set for a SKU.
  // A sale at the product's known name, unit and price changes nothing: the row is left alone, not rewritten
  // with a new updated_at (with its name index entry), which was a page written per invoice line. Only the
  // first sale of a product the admin wrote marks it sold (so it is deactivated, never deleted).
  const learn = sqlite.prepare(
    `INSERT INTO products (sku, name, name_key, unit, unit_price, tax_rate, source, updated_at, sold)
     VALUES (@sku, @name, @nameKey, @unit, @unitPrice, @taxRate, 'invoice', @updatedAt, 1)
     ON CONFLICT (sku) DO UPDATE SET
       name = iif(source = 'invoice', excluded.name, name), name_key = iif(source = 'invoice', excluded.name_key, name_key),
       unit = iif(source = 'invoice', coalesce(excluded.unit, unit), unit),
       unit_price = iif(source = 'invoice', excluded.unit_price, unit_price),
       tax_rate = iif(source = 'invoice', excluded.tax_rate, tax_rate),
       updated_at = iif(source = 'invoice', excluded.updated_at, updated_at), sold = 1
     WHERE sold = 0 OR (source = 'invoice' AND (name IS NOT excluded.name OR unit_price IS NOT excluded.unit_price
       OR tax_rate IS NOT excluded.tax_rate OR unit IS NOT coalesce(excluded.unit, unit)))`,
  );
  const fromHeadquarters = sqlite.prepare(
    `INSERT INTO products (sku, name, name_key, unit, unit_price, tax_rate, source, updated_at)
     VALUES (@sku, @name, @nameKey, @unit, @unitPrice, @taxRate, 'hq', @updatedAt)
     ON CONFLICT (sku) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, unit = excluded.unit,
       unit_price = excluded.unit_price, tax_rate = excluded.tax_rate, source = 'hq', updated_at = excluded.updated_at`,
  );
  // An entry the store's admin writes is kept as headquarters' are (docs/decisions.md §6 "Products").
  const save = sqlite.prepare(
    `INSERT INTO products (sku, name, name_key, unit, unit_price, tax_rate, source, updated_at, vat_reduction_eligible,
       tax_category, barcode, category, favourite, cost_price, active)
     VALUES (@sku, @name, @nameKey, @unit, @unitPrice, @taxRate, 'hq', @updatedAt, @vatReductionEligible,
       @taxCategory, @barcode, @category, @favourite, @costPrice, @active)
     ON CONFLICT (sku) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, unit = excluded.unit,
       unit_price = excluded.unit_price, tax_rate = excluded.tax_rate, source = 'hq', updated_at = excluded.updated_at,
       vat_reduction_eligible = excluded.vat_reduction_eligible, tax_category = excluded.tax_category,
       barcode = excluded.barcode, category = excluded.category, favourite = excluded.favourite,
       cost_price = excluded.cost_price, active = excluded.active`,
  );
  const setActive = sqlite.prepare('UPDATE products SET active = @active, updated_at = @at WHERE sku = @sku');
  const releaseBarcode = sqlite.prepare('UPDATE products SET barcode = NULL WHERE sku = ? AND barcode IS NOT NULL');
  const remove = sqlite.prepare('DELETE FROM products WHERE sku = ? AND sold = 0');
  const bySku = db
    .select()
    .from(products)
    .where(eq(products.sku, sql.placeholder('sku')))
    .prepare();
  const byBarcode = sqlite.prepare<[string], { sku: string }>('SELECT sku FROM products WHERE barcode = ?');
  const categories = sqlite
    .prepare<[], string>(
      // The category index read one distinct value at a time (a skip-scan), never the whole catalogue.
      'SELECT DISTINCT category FROM products WHERE category IS NOT NULL ORDER BY category',
    )
    .pluck();
  const everyProduct = sqlite.prepare(
    `SELECT sku, name, name_key AS nameKey, unit, unit_price AS unitPrice, tax_rate AS taxRate, source,
       updated_at AS updatedAt, vat_reduction_eligible AS vatReductionEligible, tax_category AS taxCategory,
       barcode, category, favourite, cost_price AS costPrice, active, sold
     FROM products ORDER BY name_key, sku`,
  );
  const toParams = (p: CatalogueFields) => ({ ...p, nameKey: searchKey(p.name) });
  return {
    learn: (p: CatalogueFields) => learn.run(toParams(p)),
    upsertFromHeadquarters: (p: CatalogueFields) => fromHeadquarters.run(toParams(p)),
    save: (p: StoreProduct) => save.run({ ...p, nameKey: searchKey(p.name) }),
    setActive: (sku: string, active: boolean, at: string) => setActive.run({ sku, active: active ? 1 : 0, at }).changes,
    releaseBarcode: (sku: string) => releaseBarcode.run(sku),
    /** Deletes a product never sold; 0 when it was sold (or is unknown). */
    remove: (sku: string) => remove.run(sku).changes,
    skuOfBarcode: (barcode: string) => byBarcode.get(barcode)?.sku,
    categories: (): string[] => categories.all(),

    list(filter: ProductFilter, limit: number, offset: number) {
      const where = and(
        filter.search ? matching(filter.search) : undefined,
        filter.category !== undefined ? eq(products.category, filter.category) : undefined,
        filter.active !== undefined ? eq(products.active, filter.active ? 1 : 0) : undefined,
      );
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
    /** Every product in the catalogue's order, one at a time (the export). */
    everyProduct: (): IterableIterator<ProductRow> => everyProduct.iterate() as IterableIterator<ProductRow>,
    // Every line of every invoice asks it: prepared once (drizzle built and prepared the query at each call,
    // about a third of issuing's time, docs/performance.md).
    findBySku: (sku: string) => bySku.get({ sku }),
  };
}

/**
 * A search matches the accent-free name anywhere (the trigram index of the name keys), the SKU's start (the
 * primary key) or the whole barcode (its unique index): three indexed terms SQLite reads one after the other.
 */
function matching(search: string): SQL {
  const key = searchKey(search);
  const match = trigramMatch(key);
  const byName =
    match.operator === 'MATCH'
      ? sql`${products.sku} IN (SELECT sku FROM product_name_search WHERE product_name_search MATCH ${match.value})`
      : sql`${products.sku} IN (SELECT sku FROM product_name_search WHERE product_name_search.name_key GLOB ${match.value})`;
  const skuPrefix = `${search.replace(/[*?[\]]/g, '')}*`;
  return sql`(${byName} OR ${products.sku} GLOB ${skuPrefix} OR ${products.barcode} = ${search})`;
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
