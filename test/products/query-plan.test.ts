/**
 * The catalogue's list, at 20,000 products: each filter is read through an index (no plan step scans the
 * products table itself), and the till's barcode look-up is one row of the barcode index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeStatementPlans } from '../support/statement-plans.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

describe('catalogue query plans', () => {
  let node: TestNode;
  let plansOf: ReturnType<typeof observeStatementPlans>['plansOf'];

  beforeAll(async () => {
    node = await startTestNode();
    const { sqlite } = node.node.database;
    // Through the search-index triggers, as products written one by one would be.
    sqlite.exec(`INSERT INTO products (sku, name, name_key, unit_price, tax_rate, source, updated_at, barcode, category, active)
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999)
      SELECT 'SP-' || i, 'Sản phẩm ' || i, 'san pham ' || i, 1000 + i, 0.1, 'hq', '2026-11-01T00:00:00.000Z',
        '893' || printf('%010d', i), 'Nhóm ' || (i % 40), i % 10 <> 0 FROM n`);
    sqlite.exec('ANALYZE');
    plansOf = observeStatementPlans(sqlite, ['all', 'get', 'iterate', 'run']).plansOf;
  }, 120_000);
  afterAll(() => node.close());

  const cases: Record<string, { filter: Record<string, unknown>; reads: RegExp; found: number }> = {
    'no filter': { filter: {}, reads: /^SCAN products USING INDEX products_name_key$/, found: 20_000 },
    'a name': { filter: { search: 'pham 1234' }, reads: /^SCAN product_name_search VIRTUAL TABLE INDEX/, found: 11 },
    'a short name': { filter: { search: 'p' }, reads: /product_name_search VIRTUAL TABLE INDEX/, found: 20_000 },
    'a SKU prefix': {
      filter: { search: 'SP-1999' },
      reads: /USING INDEX sqlite_autoindex_products_1 \(sku>\? AND sku<\?\)/,
      found: 11,
    },
    'a barcode': {
      filter: { search: '8930000012345' },
      reads: /USING INDEX products_barcode \(barcode=\?\)/,
      found: 1,
    },
    'a category': {
      filter: { category: 'Nhóm 7' },
      reads: /USING (COVERING )?INDEX products_category_name_key \(category=\?\)/,
      found: 500,
    },
    'the active products': {
      filter: { active: true },
      reads: /USING (COVERING )?INDEX products_active_name_key \(active=\?\)/,
      found: 18_000,
    },
    'a category of active products': {
      filter: { category: 'Nhóm 7', active: true },
      reads: /INDEX products_(category|active)_name_key/,
      found: 500,
    },
  };

  it.each(Object.entries(cases))('GET /products with %s reads an index', (_name, { filter, reads, found }) => {
    const { plans, result } = plansOf(() => node.node.services.products.list(filter, 1, 20, true));
    console.log(`products ${_name}:\n  ${plans.flat().join('\n  ')}`);
    expect((result as { total: number }).total).toBe(found);
    expect(plans.length).toBeGreaterThan(0);
    for (const line of plans.flat()) expect(line).not.toMatch(/^SCAN (products|p)$/);
    expect(plans.flat()).toContainEqual(expect.stringMatching(reads));
  });

  it('finds a barcode’s product by the barcode index', () => {
    const { plans, result } = plansOf(() =>
      node.node.services.products.list({ search: '8930000000042', active: true }, 1, 8, false),
    );
    expect((result as { items: { sku: string }[] }).items.map((p) => p.sku)).toEqual(['SP-42']);
    for (const line of plans.flat()) expect(line).not.toMatch(/^SCAN (products|p)$/);
  });
});
