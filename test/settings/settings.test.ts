import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { goLive } from '../support/live-seller.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('settings', () => {
  const clock = testClock('2026-05-10T03:00:00.000Z');
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  it('has defaults: template 1C26MAA and automation off', async () => {
    expect((await node.request('GET', '/settings/templates')).json.data).toEqual({
      mauSo: '1',
      kyHieu: 'C26MAA',
      templateName: 'Hóa đơn giá trị gia tăng (máy tính tiền)',
    });
    expect((await node.request('GET', '/settings/automation')).json.data).toEqual({
      autoIssueOnPaid: false,
      channels: ['POS', 'WEB'],
      delayMinutes: 0,
      notifyOnIssue: false,
      notifyOnError: true,
    });
  });

  it('takes any subset in PATCH and answers the whole document', async () => {
    const r = await node.request('PATCH', '/settings/automation', { body: { delayMinutes: 15, channels: ['WEB'] } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      delayMinutes: 15,
      channels: ['WEB'],
      autoIssueOnPaid: false,
      notifyOnError: true,
    });
    expect((await node.request('PATCH', '/settings/automation', { body: {} })).json.data.delayMinutes).toBe(15);
  });

  it.each([
    ['/settings/templates', { mauSo: '0' }],
    ['/settings/templates', { mauSo: '12' }],
    ['/settings/templates', { kyHieu: 'C26MA' }],
    ['/settings/templates', { kyHieu: 'A26MAA' }],
    ['/settings/templates', { kyHieu: 'C26QAA' }],
    ['/settings/templates', { kyHieu: 'c26maa' }],
    ['/settings/templates', { templateName: '' }],
    ['/settings/templates', { colour: 'red' }],
    ['/settings/automation', { channels: ['SHOPEE'] }],
    ['/settings/automation', { channels: ['pos'] }],
    ['/settings/automation', { channels: ['POS', 'POS'] }],
    ['/settings/automation', { delayMinutes: 1441 }],
    ['/settings/automation', { delayMinutes: -1 }],
    ['/settings/automation', { delayMinutes: 1.5 }],
    ['/settings/automation', { notifyOnIssue: 'yes' }],
  ])('refuses PATCH %s %j with 400 and changes nothing', async (path, body) => {
    const before = (await node.request('GET', path)).json.data;
    const r = await node.request('PATCH', path, { body });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect((await node.request('GET', path)).json.data).toEqual(before);
  });

  it('lets only admins change settings', async () => {
    for (const role of ['cashier', 'accountant'] as const) {
      const token = await node.tokenFor(role);
      expect((await node.request('PATCH', '/settings/templates', { token, body: { templateName: 'x' } })).status).toBe(
        403,
      );
      expect((await node.request('GET', '/settings/templates', { token })).status).toBe(200);
    }
  });

  it('numbers a demo node’s invoices in the demo series of the template, whatever its two letters', async () => {
    const first = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    expect(first).toMatchObject({ kyHieu: 'K26MDT', number: 1, demo: true });
    await node.request('PATCH', '/settings/templates', { body: { kyHieu: 'C26MAB' } });
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data).toMatchObject({
      kyHieu: 'K26MDT',
      number: 2,
    });
    await node.request('PATCH', '/settings/templates', { body: { kyHieu: 'C26MAA' } });
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data).toMatchObject({
      kyHieu: 'K26MDT',
      number: 3,
    });
  });

  it('applies a template change to the next invoice and never renumbers', async () => {
    // The legal series, of a live node.
    const live = await startTestNode();
    try {
      await goLive(live);
      const year = String(new Date().getUTCFullYear() % 100);
      const issue = async () => (await live.request('POST', '/invoices', { body: invoiceBody() })).json.data;
      const first = await issue();
      expect(first).toMatchObject({ kyHieu: `C${year}MAA`, number: 1, demo: false });
      await live.request('PATCH', '/settings/templates', { body: { kyHieu: `C${year}MAB` } });
      expect(await issue()).toMatchObject({ kyHieu: `C${year}MAB`, number: 1 });
      await live.request('PATCH', '/settings/templates', { body: { kyHieu: `C${year}MAA` } });
      expect(await issue()).toMatchObject({ kyHieu: `C${year}MAA`, number: 2 });
      expect((await live.request('GET', `/invoices/${first.id}`)).json.data.kyHieu).toBe(`C${year}MAA`);
    } finally {
      await live.close();
    }
  });

  it('records every settings change in the audit trail of the document', () => {
    const entries = node.node.services.storage.sqlite
      .prepare("SELECT actor, action, details FROM audit_entries WHERE invoice_id = 'settings:templates' ORDER BY seq")
      .all() as { actor: string; action: string; details: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({ actor: 'admin', action: 'settings-updated' });
    expect(JSON.parse(entries[0]!.details)).toEqual({
      changed: ['kyHieu'],
      before: { kyHieu: 'C26MAA' },
      after: { kyHieu: 'C26MAB' },
    });
  });

  it('reports the plan with this month’s usage and the storage in MB', async () => {
    const plan = (await node.request('GET', '/settings/plan')).json.data;
    expect(plan).toMatchObject({ planName: 'Cửa hàng tiêu chuẩn', invoiceUsage: { used: 3, limit: 20_000 } });
    expect(plan.storageUsage.used).toBeGreaterThan(0);
    expect(plan.storageUsage.limit).toBe(2_048);
    expect(plan.features.length).toBeGreaterThan(0);
  });

  it('refuses to issue past the plan limit with 403 PLAN_LIMIT_EXCEEDED, notifying at 80 % and 100 % once', async () => {
    const { services } = node.node;
    services.settings.update('plan', { invoiceLimit: 5 }, 'hq');
    const notes = () =>
      services.storage.sqlite
        .prepare("SELECT title FROM notifications WHERE type = 'system' ORDER BY created_at")
        .all();
    await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(notes()).toEqual([{ title: 'Đã dùng 80% hạn mức hóa đơn' }]);
    await node.request('POST', '/invoices', { body: invoiceBody() });
    const refused = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('PLAN_LIMIT_EXCEEDED');
    expect(notes()).toEqual([{ title: 'Đã dùng 80% hạn mức hóa đơn' }, { title: 'Đã dùng 100% hạn mức hóa đơn' }]);
    expect((await node.request('GET', '/settings/plan')).json.data.invoiceUsage).toEqual({ used: 5, limit: 5 });

    clock.set('2026-06-01T03:00:00.000Z');
    node.token = await node.login('admin', ADMIN_PASSWORD);
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
    expect((await node.request('GET', '/settings/plan')).json.data.invoiceUsage.used).toBe(1);
  });
});

describe('config', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('shows the store, seller, time zone, tax rates, headquarters and transmission', async () => {
    const r = await node.request('GET', '/config');
    expect(r.json.data).toMatchObject({
      storeId: 'store-1',
      timeZone: 'Asia/Ho_Chi_Minh',
      taxRates: [0, 0.05, 0.08, 0.1],
      headquarters: { url: null, syncIntervalSeconds: 60 },
      transmission: { adapter: 'embedded', simulated: true },
    });
    expect((await node.request('GET', '/config', { token: await node.tokenFor('accountant') })).status).toBe(200);
    expect((await node.request('GET', '/config', { token: await node.tokenFor('cashier') })).status).toBe(403);
  });

  it('changes the seller, which a demo invoice does not name (the demo seller instead)', async () => {
    const r = await node.request('PATCH', '/config', {
      body: { seller: { name: 'Công ty TNHH Cà Phê Sáng', mst: '0300588569' } },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.seller).toMatchObject({ name: 'Công ty TNHH Cà Phê Sáng', mst: '0300588569', address: '' });
    const invoice = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    expect(invoice.demo).toBe(true);
    expect(invoice.seller.mst).toBe('9999999997');
  });

  it.each([
    { timeZone: 'Asia/Bangkok' },
    { seller: { mst: '0100233480' } },
    { taxRates: [] },
    { taxRates: [0.1, 0.1] },
    { storeId: 'cửa hàng 1' },
    { headquarters: { url: 'not a url' } },
    { transmission: { adapter: 'carrier-pigeon' } },
    { endOfDayAt: '24:00' },
    { secret: 'x' },
  ])('refuses %j with 400', async (body) => {
    const r = await node.request('PATCH', '/config', { body });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('lets only admins change it', async () => {
    expect(
      (await node.request('PATCH', '/config', { token: await node.tokenFor('accountant'), body: { storeName: 'x' } }))
        .status,
    ).toBe(403);
  });
});
