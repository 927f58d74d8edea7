import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { storeBefore } from '../support/older-store.js';
import { invoiceBody, listInvoices, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * Migrations 0025–0026 move the buyer name search from a trigram index of every invoice to one of the
 * names: a store upgraded with names both in the old index and still in its backlog has each name once, with
 * its invoices counted, and finds every invoice once, in order.
 */
describe('buyer name search on a store upgraded to migrations 0025–0026', () => {
  let node: TestNode;
  const list = (query: string) => listInvoices(node, query);

  beforeAll(async () => {
    const older = storeBefore('0025_buyer_names');
    // 30 invoices "Khách hàng 1" … "Khách hàng 30", of which 21 and 25 carry "Khách hàng 1" too; the older
    // job had moved the first 20 names into its index.
    insertSyntheticInvoices(older.sqlite, 30);
    older.sqlite.exec(`
      UPDATE invoices SET buyer_name = 'Khách hàng 1', buyer_name_key = 'khach hang 1' WHERE number IN (21, 25);
      INSERT INTO invoice_buyer_search (name_key, invoice_id, created_at)
        SELECT name_key, invoice_id, created_at FROM invoice_buyer_search_backlog WHERE seq <= 20 ORDER BY seq;
      DELETE FROM invoice_buyer_search_backlog WHERE seq <= 20;`);
    older.close();
    node = await startTestNode({ dataDir: older.dataDir });
  });
  afterAll(() => node.close());

  it('has every name once, indexed, with its invoices counted and its newest instant', () => {
    const { sqlite } = node.node.database;
    const names = sqlite
      .prepare('SELECT name_key, invoice_count, last_created_at, indexed FROM buyer_names ORDER BY id')
      .all();
    const fromInvoices = sqlite
      .prepare(
        `SELECT buyer_name_key AS name_key, count(*) AS invoice_count, max(created_at) AS last_created_at, 1 AS indexed
         FROM invoices GROUP BY buyer_name_key ORDER BY max(created_at)`,
      )
      .all();
    expect(names).toHaveLength(28);
    expect(names).toEqual(fromInvoices);
    expect(sqlite.prepare("SELECT invoice_count FROM buyer_names WHERE name_key = 'khach hang 1'").pluck().get()).toBe(
      3,
    );
    expect(sqlite.prepare('SELECT count(*) FROM buyer_name_search').pluck().get()).toBe(28);
    expect(
      sqlite.prepare("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'invoice_buyer_search%'").pluck().get(),
    ).toBe(0);
  });

  it('finds every invoice once, newest first', async () => {
    const all = await list('buyerName=khach%20hang&pageSize=100');
    expect(all.total).toBe(30);
    expect(all.items.map((i: { number: number }) => i.number)).toEqual(Array.from({ length: 30 }, (_, k) => 30 - k));
    const ones = await list('buyerName=khach%20hang%201');
    expect(ones.total).toBe(13);
    expect(ones.items.map((i: { number: number }) => i.number)).toEqual([
      25, 21, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 1,
    ]);
  });

  it('finds an invoice issued after the upgrade first, before and after its new name is indexed', async () => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'Khách hàng mới' } }) });
    expect(r.status, r.body).toBe(201);
    expect((await list('buyerName=khach%20hang')).items[0].id).toBe(r.json.data.id);
    const { sqlite } = node.node.database;
    expect(sqlite.transaction(() => node.node.services.invoices.indexBuyerNames(100))()).toBe(1);
    expect(sqlite.prepare('SELECT count(*) FROM buyer_names WHERE indexed = 0').pluck().get()).toBe(0);
    const all = await list('buyerName=khach%20hang&pageSize=100');
    expect(all.total).toBe(31);
    expect(all.items[0].id).toBe(r.json.data.id);
    expect(new Set(all.items.map((i: { id: string }) => i.id)).size).toBe(31);
  });
});
