import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../src/composition/delivery.js';
import { type MailServer, startMailServer } from '../delivery/mail-server.js';
import { goLive } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * createServices' override seam (src/services.ts): a subsystem the test builds from its real factory, here
 * the delivery with a mail server the node's own config does not name, used in place of the one the root
 * would have built, over the same invoices, XML and PDF.
 */
describe('a subsystem given in overrides', () => {
  let smtp: MailServer;
  let node: TestNode;
  beforeAll(async () => {
    smtp = await startMailServer();
    node = await startTestNode({
      overrides: {
        delivery: (ctx, deps) =>
          createDelivery(
            {
              ...ctx,
              config: {
                ...ctx.config,
                smtpUrl: smtp.url,
                mailFrom: 'hoadon@cuahang.example.vn',
                deliveryRetryBaseMs: 10,
              },
            },
            deps,
          ),
      },
    });
    await goLive(node);
  });
  afterAll(async () => {
    await node.close();
    await smtp.close();
  });

  it('is the one the node runs: its invoice listener queues the mail, its job sends it', async () => {
    expect(node.config.smtpUrl).toBeUndefined();
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', email: 'ketoan@hoabinh.vn' } }),
    });
    expect(created.status, created.body).toBe(201);
    const invoice = created.json.data;
    expect(invoice.delivery).toEqual([
      expect.objectContaining({ channel: 'email', to: 'ketoan@hoabinh.vn', state: 'queued' }),
    ]);
    while (smtp.mails.length === 0) {
      await node.node.services.delivery.tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.from?.text).toBe('hoadon@cuahang.example.vn');
    expect(smtp.mails[0]!.attachments.map((a) => a.filename?.slice(-4))).toEqual(['.pdf', '.xml']);
  });

  it('leaves the other subsystems to the root: a node without the override mails nobody', async () => {
    const plain = await startTestNode();
    try {
      await goLive(plain);
      const created = await plain.request('POST', '/invoices', {
        body: invoiceBody({ buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', email: 'ketoan@hoabinh.vn' } }),
      });
      expect(created.status, created.body).toBe(201);
      expect(created.json.data.delivery).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
