/** A legal template never takes the demo series' symbol (docs/security.md, F3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());

const year = () => String(new Date().getFullYear() % 100).padStart(2, '0');

describe('the symbol of the legal template', () => {
  it('refuses the letters of the demo series with a 400 saying why, and keeps the template', async () => {
    const before = (await node.request('GET', '/settings/templates')).json.data;
    const r = await node.request('PATCH', '/settings/templates', { body: { kyHieu: `C${year()}MDT` } });
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.details).toContainEqual({
      path: 'body.kyHieu',
      message: expect.stringContaining('dãy hóa đơn dùng thử'),
    });
    expect((await node.request('GET', '/settings/templates')).json.data).toEqual(before);
  });

  it('refuses a symbol that already holds demo invoices', async () => {
    // A template once ending in DT numbered its demo invoices under …DU.
    const legacy = `C${year()}MDU`;
    const issued = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(issued.json.data).toMatchObject({ demo: true });
    node.node.services.storage.sqlite
      .prepare('UPDATE invoices SET ky_hieu = ? WHERE id = ?')
      .run(legacy, issued.json.data.id);
    const r = await node.request('PATCH', '/settings/templates', { body: { kyHieu: legacy } });
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.message).toContain('đã có hóa đơn dùng thử');
  });

  it('takes any other symbol', async () => {
    const r = await node.request('PATCH', '/settings/templates', { body: { kyHieu: `C${year()}MAB` } });
    expect(r.status, r.body).toBe(200);
  });
});
