/**
 * From a trial to the real thing (docs/decisions.md §7, issue 30): a node issues demo invoices in their own series,
 * signed with the built-in demo key and marked as such in their XML, and its figures are the trial's, said
 * so in every answer; it goes live through its HTTP T-VAN adapter (the simulator app on loopback) once its
 * registration is accepted; the legal series then starts at 1, and no figure counts a demo invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/calendar.js';
import { DEMO_MARK, MODE_HEADER } from '../../src/settings/node-mode.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { DEMO_XML_FIELD } from '../../src/xml/invoice-xml.js';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

const today = () => localDate(new Date(), node.config.timeZone);
const year = () => today().slice(2, 4);
const month = () => today().slice(0, 7);
const get = async (path: string) => {
  const r = await node.request('GET', path);
  expect(r.status, r.body).toBe(200);
  return r;
};
const data = async (path: string) => (await get(path)).json.data;

/** The store's figures, as every report and export answers them. */
async function figures() {
  const ledger = (await get(`/exports/sales-ledger?month=${month()}&format=json`)).body;
  return {
    aggregate: await data(`/aggregate?date=${today()}`),
    monthly: (await data(`/reports/monthly?month=${month()}`)).summary,
    summary: await data('/reports/summary'),
    day: await data(`/reports/day?date=${today()}`),
    channels: await data('/analytics/channels?days=7'),
    customers: await data('/analytics/top-customers?days=7'),
    skus: await data('/analytics/top-skus?days=7'),
    plan: (await data('/settings/plan')).invoiceUsage,
    vat: (await data(`/exports/vat-figures?month=${month()}`)).footer,
    ledger,
  };
}

const DEMO_LINE = { name: 'Bánh mì dùng thử', sku: 'DEMO-1', quantity: 7, unitPrice: 100_000, taxRate: 0.1 };
const DEMO_BUYER = { name: 'Khách dùng thử', mst: '0300588569' };

describe('a trial, then going live', () => {
  const demo: { id: string; kyHieu: string; number: number; totals: { total: number } }[] = [];

  it('numbers demo invoices in their own series, signs them with the demo key and marks their XML', async () => {
    for (let i = 0; i < 3; i += 1) {
      const r = await node.request('POST', '/invoices', {
        body: invoiceBody({ buyer: DEMO_BUYER, items: [DEMO_LINE] }),
      });
      expect(r.status, r.body).toBe(201);
      expect(r.headers[MODE_HEADER]).toBe('demo');
      demo.push(r.json.data);
    }
    expect(demo.map((d) => [d.kyHieu, d.number])).toEqual([1, 2, 3].map((n) => [`K${year()}MDT`, n]));
    const xml = (await get(`/invoices/${demo[0]?.id}/xml`)).body;
    expect(xml).toContain(`<TTruong>${DEMO_XML_FIELD}</TTruong><KDLieu>string</KDLieu><DLieu>${DEMO_MARK}</DLieu>`);
    expect(/<X509SubjectName>([^<]+)</.exec(xml)?.[1]).toMatch(/DÙNG THỬ.*DEMO - chỉ dùng thử nghiệm/);
  });

  it('shows the trial’s figures while in demo mode, and says so', async () => {
    const trial = await figures();
    expect(trial.aggregate.invoiceCount).toBe(3);
    expect(trial.monthly.count).toBe(3);
    expect(trial.plan.used).toBe(3);
    expect(trial.skus).toEqual([expect.objectContaining({ sku: 'DEMO-1', quantity: 21 })]);
    expect(trial.ledger).toContain(DEMO_BUYER.name);
    expect(trial.vat.revenue).toBe(3 * 700_000);
    const health = await node.request('GET', '/health', { token: null });
    expect(health.headers[MODE_HEADER]).toBe('demo');
    expect(health.json.data).toMatchObject({ mode: 'demo', missing: expect.arrayContaining([expect.any(String)]) });
  });

  it('starts the legal series at 1 once live, and no figure counts the demo invoices', async () => {
    await goLive(node);
    const legal: { id: string; kyHieu: string; number: number; demo: boolean; totals: { total: number } }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const r = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(r.status, r.body).toBe(201);
      expect(r.headers[MODE_HEADER]).toBe('live');
      legal.push(r.json.data);
    }
    expect(legal.map((l) => [l.kyHieu, l.number, l.demo])).toEqual([
      [`C${year()}MAA`, 1, false],
      [`C${year()}MAA`, 2, false],
    ]);
    const legalXml = (await get(`/invoices/${legal[0]?.id}/xml`)).body;
    expect(legalXml).not.toContain(DEMO_XML_FIELD);
    expect(/<X509SubjectName>([^<]+)</.exec(legalXml)?.[1]).toBe(
      'CN=CÔNG TY TNHH CÀ PHÊ HÒA BÌNH, C=VN, UID=MST:0300588569',
    );

    const revenue = legal.reduce((sum, l) => sum + l.totals.total, 0);
    const live = await figures();
    expect(live.aggregate).toMatchObject({ invoiceCount: 2, totalAmount: revenue, totalQty: 4 });
    expect(live.monthly).toMatchObject({ count: 2, totalAmount: revenue });
    expect(live.summary).toMatchObject({ totalIssued: 2, revenueThisMonth: revenue });
    expect(live.day.byStatus).toEqual([{ status: 'issued', count: 2 }]);
    expect(live.day.byPaymentMethod).toEqual([expect.objectContaining({ count: 2, total: revenue })]);
    expect(live.channels.find((c: { channel: string }) => c.channel === 'pos')).toMatchObject({ count: 2, revenue });
    expect(live.customers.map((c: { mst?: string }) => c.mst)).not.toContain(DEMO_BUYER.mst);
    expect(live.skus).toEqual([expect.objectContaining({ sku: 'CF-1', quantity: 4 })]);
    expect(live.plan.used).toBe(2);
    expect(live.vat.revenue).toBe(legal.reduce((sum, l) => sum + l.totals.total, 0) - 2 * 5_000);
    expect(live.ledger).not.toContain(DEMO_BUYER.name);
    expect(live.ledger).toContain(invoiceBody().buyer.name);

    // Their package went to the embedded simulator signed with the demo key too.
    const { services } = node.node;
    const messageId = services.transmission.of(demo[0]?.id ?? '')?.messageId ?? '';
    const stored = services.storage.sqlite
      .prepare('SELECT xml FROM tax_messages WHERE message_id = ?')
      .pluck()
      .get(messageId);
    const cksnnt = /<CKSNNT>[\s\S]*<\/CKSNNT>/.exec(await unpackText(stored as Buffer))?.[0] ?? '';
    expect(/<X509SubjectName>([^<]+)</.exec(cksnnt)?.[1]).toMatch(/DEMO - chỉ dùng thử nghiệm/);

    // The invoice list still shows the demo invoices, labelled.
    const list = (await data('/invoices?pageSize=10')).items as { id: string; demo: boolean }[];
    expect(list.filter((item) => item.demo).map((item) => item.id)).toEqual(demo.map((d) => d.id).reverse());
    expect((await node.request('GET', '/config')).json.data.seller).toMatchObject({ mst: LIVE_SELLER.mst });
  });
});
