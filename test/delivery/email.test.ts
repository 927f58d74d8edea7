import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { type MailServer, startMailServer } from './mail-server.js';

/**
 * The buyer's e-mail (docs/delivery.md) through a real SMTP server on loopback: the live invoice's mail with
 * its PDF and its XML byte for byte, the outbox across a restart while the server is down, and a resend.
 */
const FROM = 'hoadon@cuahang.example.vn';

/** Runs the delivery job until `done`; each pass is due at once (the backoff base is 10 ms). */
async function deliverUntil(node: TestNode, done: () => boolean): Promise<void> {
  while (!done()) {
    await node.node.services.delivery.tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const detailOf = async (node: TestNode, id: string) => (await node.request('GET', `/invoices/${id}`)).json.data;

describe('e-mail to the buyer', () => {
  let smtp: MailServer;
  let node: TestNode;
  beforeAll(async () => {
    smtp = await startMailServer();
    node = await startTestNode({ config: { smtpUrl: smtp.url, mailFrom: FROM, deliveryRetryBaseMs: 10 } });
    await goLive(node);
  });
  afterAll(async () => {
    await node.close();
    await smtp.close();
  });

  it('mails a live invoice with its PDF and its XML, byte for byte what the API hands out', async () => {
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', email: 'ketoan@hoabinh.vn' } }),
    });
    expect(created.status, created.body).toBe(201);
    const invoice = created.json.data;
    expect(invoice.demo).toBe(false);
    expect(invoice.delivery).toEqual([
      expect.objectContaining({ channel: 'email', to: 'ketoan@hoabinh.vn', state: 'queued' }),
    ]);
    await deliverUntil(node, () => smtp.mails.length === 1);

    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe(
      `Hóa đơn điện tử ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number} – ${LIVE_SELLER.name}`,
    );
    expect(mail.from?.text).toBe(FROM);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe('ketoan@hoabinh.vn');
    expect(mail.text).toContain('Tổng tiền thanh toán: 55.000 ₫.');
    expect(mail.text).toContain(`Mã tra cứu: ${invoice.lookupCode}`);
    const name = `${LIVE_SELLER.mst}_${invoice.mauSo}${invoice.kyHieu}_${invoice.number}`;
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${name}.pdf`, `${name}.xml`]);

    const xml = await node.app.inject({
      url: `/api/v1/invoices/${invoice.id}/xml`,
      headers: { authorization: `Bearer ${node.token}` },
    });
    expect(xml.statusCode).toBe(200);
    expect(mail.attachments[1]!.content.equals(xml.rawPayload)).toBe(true);
    const pdf = mail.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const rendered = await node.node.services.invoicePdf.render(invoice.id, 'a4');
    // The same page: the PDF's bytes differ only where pdfkit writes its creation time and ids.
    expect(pdf.length).toBe(rendered.length);

    const detail = await detailOf(node, invoice.id);
    expect(detail.delivery).toEqual([
      { channel: 'email', to: 'ketoan@hoabinh.vn', state: 'sent', at: expect.any(String) },
    ]);
    // Sent once: further passes send nothing more.
    await node.node.services.delivery.tick();
    expect(smtp.mails).toHaveLength(1);
  });

  it('sends one more on request, to the buyer or to another address, and refuses an invoice without one', async () => {
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Chị Lan', email: 'lan@example.vn' } }),
    });
    const id = created.json.data.id as string;
    await deliverUntil(node, () => smtp.mails.some((m) => m.text?.includes(created.json.data.lookupCode)));
    const before = smtp.mails.length;

    const cashier = await node.tokenFor('cashier');
    const again = await node.request('POST', `/invoices/${id}/send`, { body: {}, token: cashier });
    expect(again.status, again.body).toBe(202);
    expect(again.json.data.delivery.map((d: { state: string }) => d.state)).toEqual(['sent', 'queued']);
    await deliverUntil(node, () => smtp.mails.length === before + 1);
    const other = await node.request('POST', `/invoices/${id}/send`, { body: { to: 'sep@example.vn' } });
    expect(other.status, other.body).toBe(202);
    await deliverUntil(node, () => smtp.mails.length === before + 2);
    expect(smtp.mails.slice(before).map((m) => m.to && !Array.isArray(m.to) && m.to.text)).toEqual([
      'lan@example.vn',
      'sep@example.vn',
    ]);
    expect((await detailOf(node, id)).delivery.map((d: { to: string; state: string }) => [d.to, d.state])).toEqual([
      ['lan@example.vn', 'sent'],
      ['lan@example.vn', 'sent'],
      ['sep@example.vn', 'sent'],
    ]);

    const anonymous = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'Khách lẻ' } }) });
    expect(anonymous.json.data.delivery).toEqual([]);
    const refused = await node.request('POST', `/invoices/${anonymous.json.data.id}/send`, { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain('thư điện tử');
    const wrong = await node.request('POST', `/invoices/${id}/send`, { body: { to: 'khong-phai-thu' } });
    expect(wrong.status).toBe(400);
    const unknown = await node.request('POST', '/invoices/khong-co/send', { body: {} });
    expect(unknown.status).toBe(404);
  });

  it('stops at a permanent refusal (5xx) and keeps its reason', async () => {
    smtp.refuseNext(550, 'Mailbox unavailable');
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Anh Minh', email: 'khongco@example.vn' } }),
    });
    const id = created.json.data.id as string;
    await deliverUntil(node, () => node.node.services.delivery.history(id)[0]?.state !== 'queued');
    const [failed] = (await detailOf(node, id)).delivery;
    expect(failed).toMatchObject({ state: 'failed', to: 'khongco@example.vn' });
    expect(failed.error).toContain('Mailbox unavailable');
    expect(node.node.services.delivery.hasDue()).toBe(false);
  });
});

describe('the outbox across a restart', () => {
  it('queues while SMTP is down, survives the node restarting, and sends exactly one mail once it is back', async () => {
    // A port that answers nothing: a server started and closed.
    const probe = await startMailServer();
    const port = probe.port;
    await probe.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-delivery-'));
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM, deliveryRetryBaseMs: 10 };
    let smtp: MailServer | undefined;
    try {
      const first = await startTestNode({ dataDir, config });
      const created = await first.request('POST', '/invoices', {
        body: invoiceBody({ buyer: { name: 'Chị Hoa', email: 'hoa@example.vn' } }),
      });
      const id = created.json.data.id as string;
      // Tried and refused by a closed port: still queued, with the connection's error.
      await deliverUntil(first, () => first.node.services.delivery.history(id)[0]?.error !== undefined);
      const waiting = (await detailOf(first, id)).delivery;
      expect(waiting).toMatchObject([{ state: 'queued', to: 'hoa@example.vn', error: expect.any(String) }]);
      await first.close();

      smtp = await startMailServer(port);
      const second = await startTestNode({ dataDir, config });
      const server = smtp;
      await deliverUntil(second, () => second.node.services.delivery.history(id)[0]?.state === 'sent');
      expect(server.mails).toHaveLength(1);
      expect(server.mails[0]!.to && !Array.isArray(server.mails[0]!.to) && server.mails[0]!.to.text).toBe(
        'hoa@example.vn',
      );
      await second.node.services.delivery.tick();
      expect(server.mails).toHaveLength(1);
      await second.close();
    } finally {
      await smtp?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
