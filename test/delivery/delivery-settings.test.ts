import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { type MailServer, startMailServer } from './mail-server.js';

/** PUT/GET /settings/email (the password never answered back), and the webhook of buyers known by phone. */
async function until(node: TestNode, done: () => boolean): Promise<void> {
  while (!done()) {
    await node.node.services.delivery.tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the SMTP server set from the console', () => {
  let node: TestNode;
  let smtp: MailServer;
  beforeAll(async () => {
    smtp = await startMailServer();
    node = await startTestNode({ config: { deliveryRetryBaseMs: 10 } });
  });
  afterAll(async () => {
    await node.close();
    await smtp.close();
  });

  it('queues nothing while no server is set, then sends through the one the admin sets', async () => {
    expect((await node.request('GET', '/settings/email')).json.data).toMatchObject({ source: 'none', host: '' });
    const before = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Chị Mai', email: 'mai@example.vn' } }),
    });
    expect(before.json.data.delivery).toEqual([]);
    const refused = await node.request('POST', `/invoices/${before.json.data.id}/send`, { body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('SMTP');

    const put = await node.request('PUT', '/settings/email', {
      body: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'cuahang',
        password: 'mat-khau-bi-mat',
        from: 'hoadon@cuahang.vn',
      },
    });
    expect(put.status, put.body).toBe(200);
    expect(put.json.data).toEqual({
      source: 'settings',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: 'cuahang',
      passwordSet: true,
      from: 'hoadon@cuahang.vn',
    });
    const read = await node.request('GET', '/settings/email');
    expect(read.body).not.toContain('mat-khau-bi-mat');
    // Left out, the password stays.
    const again = await node.request('PUT', '/settings/email', {
      body: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'cuahang', from: 'ban-hang@cuahang.vn' },
    });
    expect(again.json.data).toMatchObject({ passwordSet: true, from: 'ban-hang@cuahang.vn' });

    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Chị Mai', email: 'mai@example.vn' } }),
    });
    expect(created.json.data.delivery).toHaveLength(1);
    await until(node, () => smtp.mails.length === 1);
    expect(smtp.mails[0]!.from?.text).toBe('ban-hang@cuahang.vn');
  });

  it('is the admin’s alone, and refuses a bad server in Vietnamese without changing it', async () => {
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('GET', '/settings/email', { token: cashier })).status).toBe(403);
    const bad = await node.request('PUT', '/settings/email', {
      body: { host: 'máy chủ', port: 70_000, secure: false, user: '', from: 'khong-phai' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.from',
      'body.host',
      'body.port',
    ]);
    expect((await node.request('GET', '/settings/email')).json.data.from).toBe('ban-hang@cuahang.vn');
  });
});

describe('the delivery webhook for a buyer known by phone', () => {
  let hook: Server;
  const calls: unknown[] = [];
  let answers: number[] = [];
  let node: TestNode;
  beforeAll(async () => {
    hook = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const status = answers.shift() ?? 204;
        if (status < 300) calls.push(JSON.parse(body));
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/zalo`;
    node = await startTestNode({
      config: { deliveryWebhookUrl: url, deliveryRetryBaseMs: 10, publicUrl: 'https://hoadon.cuahang.vn' },
    });
  });
  afterAll(async () => {
    await node.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('POSTs the invoice, the phone, the link and the code, retrying while the provider is down', async () => {
    answers = [503, 503];
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Anh Tuấn', phone: '0901234567' } }),
    });
    const { id, lookupCode } = created.json.data;
    await until(node, () => calls.length === 1);
    expect(calls).toEqual([
      { invoiceId: id, phone: '0901234567', link: `https://hoadon.cuahang.vn/tra-cuu/${lookupCode}`, lookupCode },
    ]);
    const [sent] = node.node.services.delivery.history(id);
    expect(sent).toMatchObject({ channel: 'webhook', to: '0901234567', state: 'sent' });
  });
});
