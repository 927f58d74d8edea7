/**
 * An issued invoice's signed XML never changes (issue 30): signed once after it is committed, stored, and
 * served byte for byte whatever certificate is imported later, to the download, the PDF's signer block and
 * the tax authority; an invoice whose key is unavailable waits "chờ ký" and is never sent unsigned; the
 * invoices of an upgraded node are frozen from the message that carried them.
 */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { STAMP_FRESH_MS } from '../../src/signing/signing.store.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { verifyInvoiceXml } from '../../src/xml/index.js';
import { dataId } from '../../src/xml/invoice-xml.js';
import { invoiceInMessage, XML_DECLARATION } from '../../src/xml/signed-package.js';
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
/** The invoice as the stored message that last carried it to the tax authority holds it. */
async function asSent(id: string): Promise<string> {
  const { services } = node.node;
  const messageId = services.transmission.of(id)?.messageId ?? '';
  const packed = services.storage.sqlite
    .prepare('SELECT xml FROM tax_messages WHERE message_id = ?')
    .pluck()
    .get(messageId);
  return `${XML_DECLARATION}${invoiceInMessage(await unpackText(packed as Buffer), dataId(id))}`;
}

describe('an issued invoice’s signed XML', () => {
  it('downloads byte for byte the same after another certificate is imported', async () => {
    const { id, demo } = await issue();
    expect(demo).toBe(false);
    const before = await download(id);
    expect(before.status).toBe(200);
    expect(subjectIn(before.body)).toBe('CN=CÔNG TY TNHH CÀ PHÊ HÒA BÌNH, C=VN, UID=MST:0300588569');

    await importCertificate('CONG TY TNHH CA PHE HOA BINH MOI');
    const after = await download(id);
    expect(after.body).toBe(before.body);
    expect(verifyInvoiceXml(after.body)).toEqual([]);
    // A new invoice is signed by the new certificate.
    const next = await issue();
    expect(subjectIn((await download(next.id)).body)).toBe(
      'CN=CONG TY TNHH CA PHE HOA BINH MOI, C=VN, UID=MST:0300588569',
    );
  });

  it('keeps the original’s bytes when it is replaced, and signs the replacement once like any invoice', async () => {
    const original = await issue();
    const before = (await download(original.id)).body;
    const replaced = await node.request('POST', `/invoices/${original.id}/replace`, {
      body: { buyer: { name: 'Nguyễn Thị Ánh' }, items: invoiceBody().items, reason: 'Sai tên người mua' },
    });
    expect(replaced.status, replaced.body).toBe(200);
    expect((await node.request('GET', `/invoices/${original.id}`)).json.data.status).toBe('replaced');
    expect((await download(original.id)).body).toBe(before);
    const replacement = (await download(replaced.json.data.id)).body;
    expect(replacement).toContain('<TCHDon>1</TCHDon>');
    expect(verifyInvoiceXml(replacement)).toEqual([]);
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
    // The 206 adds the invoice's DLQRCode outside its signed data (docs/transmission.md); the rest is the stored bytes.
    expect(withoutQr(await asSent(id))).toBe(stored);
    expect((await node.request('GET', `/invoices/${id}`)).json.data.transmission.state).toBe('accepted');
  });

  it('refuses at once while the key cannot be read, takes no number, and signs again when it is back', async () => {
    const key = join(signingFiles(), 'seller-key.pem');
    const certificate = join(signingFiles(), 'seller-certificate.pem');
    const pem = readFileSync(key, 'utf8');
    // The key unreadable (a file damaged): the certificate's new time makes the node read them again, once
    // its last look at the file is STAMP_FRESH_MS old.
    const setKey = async (text: string, at: Date) => {
      writeFileSync(key, text);
      utimesSync(certificate, at, at);
      await sleep(STAMP_FRESH_MS);
    };
    const before = (await issue()).id;
    const lastNumber = (await node.request('GET', `/invoices/${before}`)).json.data.number as number;
    await setKey('not a key', new Date(Date.now() + 60_000));
    try {
      const refused = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(refused.status, refused.body).toBe(503);
      expect(refused.json.error.message).toContain('Không đọc được khóa ký');
      expect(refused.body).not.toMatch(/error:|DECODER|routines/);
    } finally {
      await setKey(pem, new Date(Date.now() + 120_000));
    }
    const { id } = await issue();
    expect((await node.request('GET', `/invoices/${id}`)).json.data.number).toBe(lastNumber + 1);
    expect((await download(id)).status).toBe(200);
  });
});

describe('an upgraded node (migration 0008)', () => {
  const TAG = '0008_invoice_documents_and_demo_scope';

  it('freezes a sent invoice from its message and signs an unsent one once with the current key', async () => {
    const { services } = node.node;
    const sent = (await issue()).id;
    await services.transmission.worker.tick();
    const unsent = (await issue()).id;
    const sentBytes = (await download(sent)).body;
    // The signing pass that followed the issue is over: nothing signs behind the test's back.
    await services.invoiceXml.signWaiting();
    const carried = await asSent(sent);
    // The store as the version before 0008 left it: no stored documents.
    services.storage.sqlite.exec(`DROP TABLE invoice_documents; DROP TABLE rollup_demo_scope; DROP INDEX invoices_demo_status;
      DELETE FROM schema_migrations WHERE tag = '${TAG}'`);
    expect(migrate(services.storage.sqlite).applied).toEqual([TAG]);
    await importCertificate('CONG TY TNHH CA PHE HOA BINH SAU NANG CAP');

    expect(await services.invoiceXml.signWaiting()).toBeGreaterThanOrEqual(2);
    const frozen = (await download(sent)).body;
    expect(frozen).toBe(carried);
    expect(withoutQr(frozen)).toBe(withoutQr(sentBytes));
    const upgraded = (await download(unsent)).body;
    expect(subjectIn(upgraded)).toBe('CN=CONG TY TNHH CA PHE HOA BINH SAU NANG CAP, C=VN, UID=MST:0300588569');
    const origins = services.storage.sqlite
      .prepare('SELECT invoice_id AS id, origin FROM invoice_documents WHERE invoice_id IN (?, ?)')
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

/** A sent invoice without the DLQRCode the 206 adds beside its signature. */
function withoutQr(xml: string): string {
  return xml.replace(/<DLQRCode>[^<]*<\/DLQRCode>/, '');
}
