/**
 * Invoice documents at HQ (docs/sync.md "Invoice documents"): each invoice's stored XML reaches HQ once,
 * compressed, on SQLite and on PostgreSQL; HQ's public address reaches the store; HQ's portal and admin API
 * hand out the store's bytes.
 */

import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import type { HqServices } from '../../sync/hq/hq-node.js';
import { ADMIN_TOKEN, HQ_BACKENDS, type HqDatabase, openTestHqServices } from '../hq/hq-test-node.js';
import { testClock } from '../support/clock.js';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const STORE = 'store-docs-01';
const PUBLIC_URL = 'https://tra-cuu.chuoi.example';

interface Issued {
  id: string;
  lookupCode: string;
  mauSo: string;
  kyHieu: string;
  number: number;
}

describe.each(HQ_BACKENDS)('invoice documents at HQ on %s', (backend) => {
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let t: TestNode;
  let hq: { services: HqServices; db: HqDatabase };
  let app: FastifyInstance;
  let first: Issued;
  let second: Issued;

  const pass = async () => {
    const result = await t.node.services.sync.runNow();
    if (!result.ok) throw new Error(`sync pass failed: ${JSON.stringify(result)}`);
    return result;
  };
  const storeBytes = async (url: string) => {
    const response = await t.app.inject({ url, headers: { authorization: `Bearer ${t.token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };
  const atHq = (url: string, token: string | null = ADMIN_TOKEN) =>
    app.inject({ url, remoteAddress: '127.0.0.2', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const documentsAtHq = () =>
    hq.db.all<{ recordId: string; version: number; payload: string }>(
      'SELECT record_id AS "recordId", version, payload FROM records WHERE store_id = ? AND kind = \'document\' ORDER BY record_id',
      [STORE],
    );
  const outboxDocuments = () =>
    t.node.services.storage.sqlite
      .prepare("SELECT record_id AS recordId FROM sync_outbox WHERE kind = 'document' ORDER BY seq")
      .all() as { recordId: string }[];

  beforeAll(async () => {
    let ids = 0;
    hq = await openTestHqServices(backend, clock, () => `hq-${++ids}`);
    app = await buildHqApp(hq.services, { adminToken: ADMIN_TOKEN, logLevel: 'silent', publicUrl: PUBLIC_URL });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    t = await startTestNode({ clock });
    await goLive(t);
    first = (await t.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    second = (await t.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    await t.node.services.invoiceXml.signWaiting();
    const { credential } = await hq.services.admin.addStore(STORE, 'Cửa hàng tài liệu');
    t.node.services.connectHq({ url, storeId: STORE, credential });
  });
  afterAll(async () => {
    await t?.close();
    await app?.close();
    await hq?.db.close();
  });

  it('learns HQ public address at the first answer, and then sends each stored document once, compressed', async () => {
    expect(t.node.services.portalSources().hqPublicUrl).toBeUndefined();
    await pass();
    // HQ's first answer says it takes documents: those stored before go with the next pass.
    expect(t.node.services.portalSources().hqPublicUrl).toBe(PUBLIC_URL);
    await pass();
    const held = await documentsAtHq();
    expect(held.map((r) => [r.recordId, r.version])).toEqual(
      [first, second].map((i) => [`document:${i.id}`, 1]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const invoice of [first, second]) {
      const xml = await storeBytes(`/api/v1/invoices/${invoice.id}/xml`);
      const row = held.find((r) => r.recordId === `document:${invoice.id}`)!;
      const payload = JSON.parse(row.payload);
      expect(payload).toMatchObject({ invoiceId: invoice.id, encoding: 'br', bytes: xml.length });
      const packed = Buffer.from(payload.data, 'base64');
      // The certificate's base64 inside the XML does not shrink; the rest does.
      expect(packed.length).toBeLessThan(xml.length * 0.75);
      expect(brotliDecompressSync(packed).equals(xml)).toBe(true);
      expect(payload.link).toBe(`${PUBLIC_URL}/tra-cuu/${invoice.lookupCode}`);
    }
  });

  it('never sends a document twice: not for a new version of its invoice, not for a resync', async () => {
    const replaced = await t.request('POST', `/invoices/${first.id}/replace`, {
      body: { buyer: invoiceBody().buyer, items: invoiceBody().items, reason: 'Sai tên' },
    });
    expect(replaced.status, replaced.body).toBe(200);
    const replacement: Issued = replaced.json.data;
    await t.node.services.invoiceXml.signWaiting();
    await pass();
    // One outbox row per document: the replaced invoice's new version queues none.
    expect(outboxDocuments().map((r) => r.recordId)).toEqual(
      [first, second, replacement].map((i) => `document:${i.id}`),
    );
    t.node.services.sync.resync();
    // The resync queues everything again, a pass's worth at a time, the documents last.
    for (let i = 0; i < 4; i++) await pass();
    expect(t.node.services.sync.status().pendingOutbox).toBe(0);
    expect(outboxDocuments().length).toBeGreaterThan(3);
    const held = await documentsAtHq();
    expect(held).toHaveLength(3);
    expect(new Set(held.map((r) => r.recordId)).size).toBe(3);
  });

  it("answers the lookup portal and the admin API with the store's own bytes", async () => {
    const xml = await storeBytes(`/api/v1/invoices/${second.id}/xml`);
    const pdf = await storeBytes(`/tra-cuu/${second.lookupCode}/hoa-don.pdf`);
    const page = await atHq(`/tra-cuu/${second.lookupCode}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Chữ ký số hợp lệ.');
    // HQ knows the invoice, not where the store's transmission of it stands: the page says nothing of it.
    expect(page.body).not.toContain('Đang gửi cơ quan thuế');
    expect(page.body).toContain(LIVE_SELLER.name);
    expect((await atHq(`/tra-cuu/${second.lookupCode}/hoa-don.xml`, null)).rawPayload.equals(xml)).toBe(true);
    expect((await atHq(`/tra-cuu/${second.lookupCode}/hoa-don.pdf`, null)).rawPayload.equals(pdf)).toBe(true);

    const byFacts = await atHq(
      `/tra-cuu?${new URLSearchParams({ mst: LIVE_SELLER.mst, kyHieu: `${second.mauSo}${second.kyHieu}`, so: String(second.number), tongTien: '55.000' })}`,
      null,
    );
    expect(byFacts.statusCode).toBe(303);
    expect(byFacts.headers.location).toBe(`/tra-cuu/${second.lookupCode}`);

    const adminXml = await atHq(`/hq/v1/stores/${STORE}/invoices/${second.id}/xml`);
    expect(adminXml.statusCode).toBe(200);
    expect(adminXml.rawPayload.equals(xml)).toBe(true);
    const adminPdf = await atHq(`/hq/v1/stores/${STORE}/invoices/${second.id}/pdf`);
    expect(adminPdf.statusCode).toBe(200);
    expect(adminPdf.rawPayload.equals(pdf)).toBe(true);
    expect((await atHq(`/hq/v1/stores/${STORE}/invoices/${second.id}/pdf`, null)).statusCode).toBe(401);
    expect((await atHq(`/hq/v1/stores/${STORE}/invoices/khong-co/xml`)).statusCode).toBe(404);
  });

  it('shows a replaced invoice with its replacement at HQ', async () => {
    const page = await atHq(`/tra-cuu/${first.lookupCode}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Đã bị thay thế');
    expect(page.body).toMatch(/href="\/tra-cuu\/[A-Za-z0-9-]+">hóa đơn /);
  });
});
