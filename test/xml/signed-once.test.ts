/**
 * An issued invoice's signed XML never changes (issue 30): signed once after it is committed, stored, and
 * served byte for byte whatever certificate is imported later, to the download, the PDF's signer block and
 * the tax authority; an invoice whose key is unavailable waits "chờ ký" and is never sent unsigned; the
 * invoices of an upgraded node are frozen from the message that carried them.
 */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackText } from '../../src/transmission/message-text.js';
import { dataId } from '../../src/xml/invoice-xml.js';
import { invoiceInMessage, XML_DECLARATION } from '../../src/xml/signed-package.js';
import { verifyInvoiceXml } from '../../src/xml/index.js';
import { goLive, sellerPkcs12 } from '../support/live-seller.js';
import { pdfText } from '../support/pdf-text.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  await goLive(node);
});
afterAll(() => node.close());

const issue = async () => {
  const created = await node.request('POST', '/invoices', { body: invoiceBody() });
  expect(created.status, created.body).toBe(201);
  return created.json.data as { id: string; demo: boolean };
};
const download = (id: string) => node.request('GET', `/invoices/${id}/xml`);
const subjectIn = (xml: string) => /<X509SubjectName>([^<]+)<\/X509SubjectName>/.exec(xml)?.[1];
let imports = 0;
const importCertificate = async (commonName: string) => {
  imports += 1;
  const r = await node.request('POST', '/signing/certificate', {
    body: { pkcs12: sellerPkcs12(commonName).toString('base64'), password: '' },
    headers: { 'x-idempotency-key': `signed-once-${imports}` },
  });
  expect(r.status, r.body).toBe(200);
};
const signingFiles = () => join(node.dataDir, 'signing');

describe('an issued invoice’s signed XML', () => {
  it('downloads byte for byte the same after another certificate is imported', async () => {
    const { id, demo } = await issue();
    expect(demo).toBe(false);
    const before = await download(id);
    expect(before.status).toBe(200);
    expect(subjectIn(before.body)).toBe('CN=CONG TY TNHH CA PHE HOA BINH, C=VN');

    await importCertificate('CONG TY TNHH CA PHE HOA BINH MOI');
    const after = await download(id);
    expect(after.body).toBe(before.body);
    expect(verifyInvoiceXml(after.body)).toEqual([]);
    // A new invoice is signed by the new certificate.
    const next = await issue();
    expect(subjectIn((await download(next.id)).body)).toBe('CN=CONG TY TNHH CA PHE HOA BINH MOI, C=VN');
  });

  it('prints the stored signature’s subject and signing time in the PDF’s “Ký bởi” block', async () => {
    const { id } = await issue();
    const xml = (await download(id)).body;
    const [, date, time] = /<SigningTime>(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)<\/SigningTime>/.exec(xml) ?? [];
    const [year, month, day] = (date ?? '').split('-');
    const text = await pdfText(node, id);
    expect(text).toContain(`Ký bởi: ${subjectIn(xml)}`);
    expect(text).toContain(`Ký ngày: ${time} ${day}/${month}/${year}`);
  });

  it('sends the authority the stored bytes, not a new signature', async () => {
    const { id } = await issue();
    const stored = (await download(id)).body;
    await importCertificate('CONG TY TNHH CA PHE HOA BINH THU BA');
    const { services } = node.node;
    await services.transmission.worker.tick();
    const messageId = services.transmission.of(id)?.messageId ?? '';
    const sent = await unpackText(
      services.sqlite.prepare('SELECT xml FROM tax_messages WHERE message_id = ?').pluck().get(messageId) as Buffer,
    );
    expect(`${XML_DECLARATION}${invoiceInMessage(sent, dataId(id))}`).toBe(stored);
    expect((await node.request('GET', `/invoices/${id}`)).json.data.transmission.state).toBe('accepted');
  });

  it('waits “chờ ký” while the key is unavailable: committed with its number, neither downloadable nor sent', async () => {
    const key = join(signingFiles(), 'seller-key.pem');
    const certificate = join(signingFiles(), 'seller-certificate.pem');
    const pem = readFileSync(key, 'utf8');
    // The key unreadable (a token unplugged): the certificate's new time makes the node read them again.
    const setKey = (text: string, at: Date) => {
      writeFileSync(key, text);
      utimesSync(certificate, at, at);
    };
    const { services } = node.node;
    setKey('not a key', new Date(Date.now() + 60_000));
    let waiting: { id: string; number: number };
    try {
      const created = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(created.status, created.body).toBe(201);
      waiting = created.json.data;
      expect(waiting.number).toBeGreaterThan(0);
      expect(await services.invoiceXml.signWaiting()).toBe(0);
      const refused = await download(waiting.id);
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toContain('chờ ký');
      expect(await pdfText(node, waiting.id)).toContain('Chờ ký');
      await services.transmission.worker.tick().catch(() => undefined);
      expect((await node.request('GET', `/invoices/${waiting.id}`)).json.data.transmission.state).toBe('queued');
    } finally {
      setKey(pem, new Date(Date.now() + 120_000));
    }
    expect(await services.invoiceXml.signWaiting()).toBe(1);
    expect((await download(waiting.id)).status).toBe(200);
  });
});

describe('an upgraded node (migration 0008)', () => {
  it('freezes a sent invoice from its message and signs an unsent one once with the current key', async () => {
    const { services } = node.node;
    const sent = (await issue()).id;
    await services.transmission.worker.tick();
    const unsent = (await issue()).id;
    const sentBytes = (await download(sent)).body;
    // The signing pass that followed the issue is over: nothing signs behind the test's back.
    await services.invoiceXml.signWaiting();
    // As migration 0008 leaves the invoices of an earlier version: no document, waiting to be frozen.
    const forget = services.sqlite.prepare(
      `UPDATE invoice_documents SET xml = NULL, signed_at = NULL, certificate_subject = NULL, origin = 'upgrade'
       WHERE invoice_id = ?`,
    );
    await services.writes.run(() => {
      forget.run(sent);
      forget.run(unsent);
    });
    await importCertificate('CONG TY TNHH CA PHE HOA BINH SAU NANG CAP');

    expect(await services.invoiceXml.signWaiting()).toBe(2);
    expect((await download(sent)).body).toBe(sentBytes);
    const upgraded = (await download(unsent)).body;
    expect(subjectIn(upgraded)).toBe('CN=CONG TY TNHH CA PHE HOA BINH SAU NANG CAP, C=VN');
    const origins = services.sqlite
      .prepare('SELECT invoice_id AS id, origin FROM invoice_documents WHERE invoice_id IN (?, ?) ORDER BY invoice_id')
      .all(sent, unsent);
    expect(origins).toEqual(
      expect.arrayContaining([
        { id: sent, origin: 'message' },
        { id: unsent, origin: 'upgrade' },
      ]),
    );
    // Idempotent: nothing is left to sign, and nothing signed is signed again.
    expect(await services.invoiceXml.signWaiting()).toBe(0);
    expect((await download(unsent)).body).toBe(upgraded);
  });
});
