import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { storeBefore } from '../support/older-store.js';
import { invoiceBody, listInvoices, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * Migration 0020 rebuilds the buyer name index (no positions, `created_at` beside each id): a store upgraded
 * with names both in the old index and still in its backlog finds every invoice once, in order.
 */
describe('buyer name search on a store upgraded to migration 0020', () => {
  let node: TestNode;
  const list = (query: string) => listInvoices(node, query);

  beforeAll(async () => {
    const older = storeBefore('0020_buyer_search_detail_none');
    // 30 invoices "Khách hàng 1" … "Khách hàng 30"; the older job had moved the first 20 names into the index.
    insertSyntheticInvoices(older.sqlite, 30);
    older.sqlite.exec(`
      INSERT INTO invoice_buyer_search (name_key, invoice_id) SELECT name_key, invoice_id FROM invoice_buyer_search_backlog WHERE seq <= 20 ORDER BY seq;
      DELETE FROM invoice_buyer_search_backlog WHERE seq <= 20;`);
    older.close();
    node = await startTestNode({ dataDir: older.dataDir });
  });
  afterAll(() => node.close());

  it('finds every invoice once, newest first, from the rebuilt index and the backlog', async () => {
    const { sqlite } = node.node.database;
    expect(sqlite.prepare('SELECT count(*) FROM invoice_buyer_search').pluck().get()).toBe(20);
    expect(sqlite.prepare("SELECT count(*) FROM invoice_buyer_search_backlog WHERE created_at LIKE '20__-__-__T%'").pluck().get()).toBe(10);
    expect(sqlite.prepare("SELECT count(*) FROM invoice_buyer_search WHERE created_at LIKE '20__-__-__T%'").pluck().get()).toBe(20);
    const all = await list('buyerName=khach%20hang&pageSize=100');
    expect(all.total).toBe(30);
    expect(all.items.map((i: { number: number }) => i.number)).toEqual(Array.from({ length: 30 }, (_, k) => 30 - k));
    const ones = await list('buyerName=khach%20hang%201');
    expect(ones.items.map((i: { number: number }) => i.number)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 1]);
  });

  it('finds an invoice issued after the upgrade first, and keeps finding all once the backlog is indexed', async () => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'Khách hàng mới' } }) });
    expect(r.status, r.body).toBe(201);
    expect((await list('buyerName=khach%20hang')).items[0].id).toBe(r.json.data.id);
    const { sqlite } = node.node.database;
    sqlite.transaction(() => node.node.services.invoices.indexBuyerNames(100))();
    expect(sqlite.prepare('SELECT count(*) FROM invoice_buyer_search_backlog').pluck().get()).toBe(0);
    const all = await list('buyerName=khach%20hang&pageSize=100');
    expect(all.total).toBe(31);
    expect(all.items[0].id).toBe(r.json.data.id);
    expect(new Set(all.items.map((i: { id: string }) => i.id)).size).toBe(31);
  });
});
