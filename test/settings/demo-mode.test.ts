/**
 * Seller identity and demo mode (docs/decisions.md §7), over HTTP: a node without a seller or without the seller's
 * certificate issues demo invoices (a demo seller that says so, `demo: true` for ever), reports
 * `mode: "demo"`, sends to the embedded simulator only, and refuses the http adapter with what is missing;
 * with both it may use the http adapter, and it goes live once its registration is accepted there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../src/settings/node-mode.js';
import { importSellerCertificate, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { REGISTRATION, startSimulator } from '../transmission/support.js';

describe('a node nobody has configured', () => {
  let node: TestNode;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeAll(async () => {
    node = await startTestNode();
    sim = await startSimulator();
  });
  afterAll(async () => {
    await node.close();
    await sim.close();
  });

  it('issues demo invoices with a demo seller that names itself, never an empty name or MST', async () => {
    expect((await node.request('GET', '/health', { token: null })).json.data.mode).toBe('demo');
    const created = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ demo: true, seller: { name: DEMO_SELLER.name, mst: DEMO_SELLER.mst } });
    expect(created.json.data.seller.name).toContain('DÙNG THỬ');
    const { id } = created.json.data;
    expect((await node.request('GET', `/invoices/${id}`)).json.data).toMatchObject({ demo: true });
    const list = await node.request('GET', '/invoices?pageSize=5');
    expect(list.json.data.items.find((item: { id: string }) => item.id === id)).toMatchObject({ demo: true });
  });

  it('sends to the embedded simulator only, whatever the config says, and shows it', async () => {
    const health = (await node.request('GET', '/health', { token: null })).json.data;
    expect(health.transmissionQueue).toMatchObject({ adapter: 'embedded', simulated: true });
    expect((await node.request('GET', '/config')).json.data.transmission).toMatchObject({ simulated: true });
  });

  it('refuses the http adapter with 409, naming the seller and the certificate', async () => {
    const r = await node.request('PATCH', '/config', {
      body: { transmission: { adapter: 'http', url: 'https://hoadon.gdt.example.vn' } },
    });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('CONFLICT');
    expect(r.json.error.message).toContain('thông tin người bán');
    expect(r.json.error.message).toContain('hoadon cert import');
    expect((await node.request('GET', '/config')).json.data.transmission.adapter).toBe('embedded');
  });

  it('stays in demo mode with a seller but the demo certificate, and names only the certificate then', async () => {
    expect((await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } })).status).toBe(200);
    expect((await node.request('GET', '/health', { token: null })).json.data.mode).toBe('demo');
    const invoice = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    // A demo document names the built-in demo seller whatever seller is set (docs/invoices.md, "Demo invoices").
    expect(invoice).toMatchObject({ demo: true, seller: { mst: '9999999997' } });
    const r = await node.request('PATCH', '/config', { body: { transmission: { adapter: 'http' } } });
    expect(r.status).toBe(409);
    expect(r.json.error.message).not.toContain('thông tin người bán');
    expect(r.json.error.message).toContain('hoadon cert import');
  });

  it('never goes live on a registration the embedded simulator accepted', async () => {
    importSellerCertificate(node.dataDir);
    expect((await node.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    await node.node.services.transmission.worker.tick();
    expect((await node.request('GET', '/transmission/registration')).json.data.state).toBe('accepted');
    expect((await node.request('GET', '/health', { token: null })).json.data).toMatchObject({
      mode: 'demo',
      missing: [expect.stringContaining('T-VAN qua HTTP')],
    });
  });

  it('with the seller’s certificate, sends its registration to the http adapter but stays in demo mode until it is accepted', async () => {
    const r = await node.request('PATCH', '/config', { body: { transmission: { adapter: 'http', url: sim.url } } });
    expect(r.status).toBe(200);
    expect(r.json.data.transmission).toMatchObject({ adapter: 'http', simulated: false });
    const waiting = (await node.request('GET', '/health', { token: null })).json.data;
    expect(waiting).toMatchObject({ mode: 'demo', missing: [expect.stringContaining('01/ĐKTĐ-HĐĐT')] });
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data).toMatchObject({ demo: true });

    expect((await node.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    await node.node.services.transmission.worker.tick();
    expect((await node.request('GET', '/health', { token: null })).json.data).toMatchObject({
      mode: 'live',
      missing: [],
    });
  });

  it('goes live with the registration accepted; invoices issued in demo mode stay demo invoices', async () => {
    const before = (await node.request('GET', '/invoices?pageSize=100')).json.data.items as { demo: boolean }[];
    const live = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    expect(live).toMatchObject({ demo: false, seller: { name: LIVE_SELLER.name, mst: LIVE_SELLER.mst } });
    const after = (await node.request('GET', '/invoices?pageSize=100')).json.data.items as {
      id: string;
      demo: boolean;
    }[];
    expect(after.filter((item) => item.demo)).toHaveLength(before.length);
    expect(after.find((item) => item.id === live.id)?.demo).toBe(false);
  });

  it('goes back to demo mode on the embedded simulator, and says why', async () => {
    expect((await node.request('PATCH', '/config', { body: { transmission: { adapter: 'embedded' } } })).status).toBe(
      200,
    );
    const health = (await node.request('GET', '/health', { token: null })).json.data;
    // A registration answered over another adapter does not count: back on the T-VAN it is sent again.
    expect(health).toMatchObject({
      mode: 'demo',
      missing: [expect.stringContaining('T-VAN qua HTTP'), expect.stringContaining('01/ĐKTĐ-HĐĐT')],
    });
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data).toMatchObject({ demo: true });
  });

  it('goes back to the simulator if the seller is cleared', async () => {
    expect((await node.request('PATCH', '/config', { body: { seller: { mst: '' } } })).status).toBe(200);
    const health = (await node.request('GET', '/health', { token: null })).json.data;
    expect(health).toMatchObject({ mode: 'demo', transmissionQueue: { adapter: 'embedded', simulated: true } });
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data).toMatchObject({
      demo: true,
      seller: { mst: DEMO_SELLER.mst },
    });
  });
});

describe('HOADON_SELLER_* at start', () => {
  it('sets the seller of a node that has none, and never overwrites one an admin set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-seller-env-'));
    const first = await startTestNode({
      dataDir,
      config: { sellerName: LIVE_SELLER.name, sellerMst: LIVE_SELLER.mst },
    });
    try {
      expect((await first.request('GET', '/config')).json.data.seller).toMatchObject({
        name: LIVE_SELLER.name,
        mst: LIVE_SELLER.mst,
      });
      const renamed = await first.request('PATCH', '/config', { body: { seller: { name: 'Công ty TNHH Mới' } } });
      expect(renamed.status).toBe(200);
    } finally {
      await first.close();
    }
    const again = await startTestNode({ dataDir, config: { sellerName: 'Tên khác', sellerMst: '0100109106' } });
    try {
      expect((await again.request('GET', '/config')).json.data.seller).toMatchObject({
        name: 'Công ty TNHH Mới',
        mst: LIVE_SELLER.mst,
      });
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with an invalid seller MST, naming the variable', async () => {
    await expect(startTestNode({ config: { sellerName: 'Cửa hàng', sellerMst: '0100109107' } })).rejects.toThrow(
      /HOADON_SELLER_MST: .*[Mm]ã số thuế/,
    );
  });
});
