/**
 * `hoadon tax-sim`'s TDiep side through the T-VAN HTTP transport on loopback: every message type answered
 * with a 999 at once and its business replies later, looked up by MTDiep; schema and format refusals;
 * a reused MTDiep refused with the earlier replies kept; a partial rejection of a package; a lost answer
 * found by the look-up. Every reply is checked against its schema (xmllint) and its signature (xmlsec1).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { buildCashRegisterPackage } from '../../src/tax-messages/cash-register-package.js';
import { readCheckResult } from '../../src/tax-messages/check-result.js';
import { parseEnvelope } from '../../src/tax-messages/envelope.js';
import { buildErrorNotice } from '../../src/tax-messages/error-notice.js';
import { readErrorNoticeReply } from '../../src/tax-messages/error-notice-reply.js';
import { readFormatError } from '../../src/tax-messages/format-error.js';
import { buildInvoiceForCode, readCodedInvoice } from '../../src/tax-messages/invoice-coding.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { AUTHORITY_CODE } from '../../src/tax-messages/message-types.js';
import { buildRegistration } from '../../src/tax-messages/registration.js';
import { readRegistrationResult } from '../../src/tax-messages/registration-result.js';
import { validateMessage } from '../../src/tax-messages/schemas.js';
import { readTechnicalAck } from '../../src/tax-messages/technical-ack.js';
import { buildTaxSimApp } from '../../src/tax-sim/tax-sim.app.js';
import { REUSED_MESSAGE_ID } from '../../src/tax-sim/tax-sim.tdiep.js';
import { TaxAuthorityUnavailable } from '../../src/transmission/tax-authority.js';
import { createTvanHttpTransport } from '../../src/transmission/tvan-http-transport.js';
import { buildInvoiceXml, dataId } from '../../src/xml/invoice-xml.js';
import { signInvoiceXml } from '../../src/xml/xml-signature.js';
import { testClock } from '../support/clock.js';
import { seller, xmlsecVerifyAll } from '../tax-messages/support.js';
import { FIXED_INVOICE } from '../xml/fixtures/fixed-invoice.js';
import { simClient } from './support.js';

const MST = FIXED_INVOICE.seller.mst;
const clock = testClock('2026-03-15T03:00:00.000Z');
let app: Awaited<ReturnType<typeof buildTaxSimApp>>;
let url: string;
let transport: ReturnType<typeof createTvanHttpTransport>;

beforeAll(async () => {
  const authorityIdentity = createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, clock.now());
  app = await buildTaxSimApp({
    sqlite: openDatabaseFile(':memory:'),
    clock,
    logLevel: 'silent',
    replyDelayMs: 60_000,
    authorityIdentity,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  transport = createTvanHttpTransport({ url, credentials: { kind: 'token', token: 'test-token' } });
});
afterAll(async () => {
  await transport.close();
  await app.close();
});

const header = () => ({ sender: MST, receiver: AUTHORITY_CODE, id: newMessageId(MST), mst: MST });

/** A signed cash-register invoice of the fixed seller with its own number. */
function invoice(number: number, overrides: Partial<typeof FIXED_INVOICE> = {}) {
  const detail = { ...FIXED_INVOICE, id: `INV${number}`, number, kyHieu: 'C26MAA', replaces: undefined, ...overrides };
  return signInvoiceXml(buildInvoiceXml(detail), {
    dataId: dataId(detail.id),
    signingTime: seller.signingTime,
    identity: seller.identity,
  });
}

/** Checks every reply: valid for its schema, each signature verified by xmlsec1. */
async function checked(replies: string[]) {
  for (const reply of replies) {
    expect(await validateMessage(reply)).toEqual([]);
    expect(xmlsecVerifyAll(reply).every(Boolean)).toBe(true);
  }
  return replies.map(parseEnvelope);
}

describe('the simulator speaking TDiep over the T-VAN transport', () => {
  it('answers a registration with a 999 at once, then 102 and 103 with the cash-register part', async () => {
    const sent = header();
    const xml = buildRegistration(
      sent,
      {
        kind: 1,
        mst: MST,
        taxpayerName: FIXED_INVOICE.seller.name,
        taxOfficeName: 'Chi cục Thuế Quận 1',
        taxOfficeCode: '79101',
        contactName: 'An',
        contactAddress: '12 Lê Lợi',
        contactEmail: 'a@b.vn',
        contactPhone: '0283822000',
        place: 'TP. Hồ Chí Minh',
        date: '2026-03-15',
        withCode: true,
        cashRegister: true,
        withoutCode: false,
        channel: 'tvan',
        vatInvoices: true,
        salesInvoices: false,
      },
      seller,
    );
    const [ack] = await checked([await transport.send(xml)]);
    expect(ack?.header).toMatchObject({ type: '999', replyTo: sent.id, sender: AUTHORITY_CODE });
    expect(readTechnicalAck(ack as never).received).toBe(true);
    expect((await transport.replies(sent.id)).length).toBe(1);

    clock.advance(60_000);
    const replies = await checked(await transport.replies(sent.id));
    expect(replies.map((r) => r.header.type)).toEqual(['999', '102', '103']);
    expect(replies.every((r) => r.header.replyTo === sent.id)).toBe(true);
    expect(readRegistrationResult(replies[2] as never)).toMatchObject({
      accepted: true,
      cashRegisterPrefix: expect.stringMatching(/^[0-9A-F]{5}$/),
    });
  });

  it('names the failing invoices of a package in MTLoi and accepts none of it, and refuses a reused MTDiep keeping its replies', async () => {
    await simClient(url).faults({ rejectNext: 1, rejectReason: 'Mã số thuế người mua không tồn tại' });
    const sent = header();
    const xml = buildCashRegisterPackage(sent, [invoice(101), invoice(102), invoice(103)], seller);
    expect(readTechnicalAck(parseEnvelope(await transport.send(xml))).received).toBe(true);
    clock.advance(60_000);
    const replies = await checked(await transport.replies(sent.id));
    const result = readCheckResult(replies[1] as never);
    expect(result).toMatchObject({ kind: 7, count: 3, checkedMessageId: sent.id });
    // The real shape: the failure names its invoice in MTLoi, at LHDMTTien/DSLDo.
    expect(result.failures).toEqual([
      expect.objectContaining({
        invoice: { mauSo: '1', kyHieu: 'C26MAA', number: 101 },
        text: 'Hóa đơn 1C26MAA số 101: Mã số thuế người mua không tồn tại',
        fix: expect.any(String),
      }),
    ]);

    const again = readTechnicalAck(parseEnvelope(await transport.send(xml)));
    expect(again).toMatchObject({ received: false, reasons: [{ code: '1002', text: REUSED_MESSAGE_ID }] });
    expect(await transport.replies(sent.id)).toHaveLength(2);

    // An LTBao 7 accepted none of the package: sent again in a new package, the invoices are accepted, and
    // the numbers then taken are refused as duplicates in a third.
    const resent = header();
    await transport.send(buildCashRegisterPackage(resent, [invoice(101), invoice(102)], seller));
    clock.advance(60_000);
    const second = readCheckResult((await checked(await transport.replies(resent.id)))[1] as never);
    expect(second).toMatchObject({ kind: 2, failures: [] });
    const third = header();
    await transport.send(buildCashRegisterPackage(third, [invoice(102), invoice(103)], seller));
    clock.advance(60_000);
    const duplicate = readCheckResult((await checked(await transport.replies(third.id)))[1] as never);
    expect(duplicate.failures.map((f) => f.invoice?.number)).toEqual([102]);
  });

  it('accepts the package of a branch seller (13 digits), its MST written 0100109106-001, sent without a credential', async () => {
    const branch = '0100109106-001';
    const code = branch.replace('-', '');
    const sent = { sender: code, receiver: AUTHORITY_CODE, id: newMessageId(code), mst: branch };
    const seller13 = { ...FIXED_INVOICE.seller, mst: branch };
    const anonymous = createTvanHttpTransport({ url, credentials: { kind: 'none' } });
    try {
      const xml = buildCashRegisterPackage(sent, [invoice(701, { seller: seller13 })], seller);
      expect(xml).toContain(`<MST>${branch}</MST>`);
      expect(readTechnicalAck(parseEnvelope(await anonymous.send(xml))).received).toBe(true);
      clock.advance(60_000);
      const replies = await checked(await anonymous.replies(sent.id));
      expect(readCheckResult(replies[1] as never)).toMatchObject({ kind: 2, mst: branch, failures: [] });
    } finally {
      await anonymous.close();
    }
  });

  it('refuses a message that breaks its schema with a 999 TTTNhan 1, and answers what is not a TDiep with a -1', async () => {
    const sent = header();
    const broken = buildCashRegisterPackage(sent, [invoice(201)], seller).replace(
      '<SHDon>201</SHDon>',
      '<SHDon>x</SHDon>',
    );
    const ack = readTechnicalAck(parseEnvelope(await transport.send(broken)));
    expect(ack.received).toBe(false);
    expect(ack.reasons[0]?.text).toMatch(/SHDon/);

    const [formatError] = await checked([await transport.send('<TDiep><TTChung>')]);
    expect(formatError?.header.type).toBe('-1');
    expect(readFormatError(formatError as never).reasons[0]?.text).toMatch(/XML không hợp lệ/);
  });

  it('codes an invoice sent alone (200 → 202) and answers a notice of errors (300 → 301)', async () => {
    const sent = header();
    await transport.send(buildInvoiceForCode(sent, invoice(301, { kyHieu: 'C26TAA' })));
    clock.advance(60_000);
    const coded = await checked(await transport.replies(sent.id));
    expect(coded[1]?.header.type).toBe('202');
    expect(readCodedInvoice(coded[1] as never).facts.authorityCode).toMatch(/^[0-9A-F]{34}$/);

    const notice = header();
    const { mst: _mst, ...noticeHeader } = notice;
    await transport.send(
      buildErrorNotice(
        noticeHeader,
        {
          kind: 1,
          mst: MST,
          taxpayerName: FIXED_INVOICE.seller.name,
          taxOfficeCode: '79101',
          taxOfficeName: 'Chi cục Thuế Quận 1',
          place: 'TP. Hồ Chí Minh',
          date: '2026-03-15',
          lines: [
            {
              mauSo: '1',
              kyHieu: 'C26MAA',
              number: 101,
              issueDate: '2026-03-15',
              action: 'replace',
              reason: 'Sai mã số thuế người mua',
            },
          ],
        },
        seller,
      ),
    );
    clock.advance(60_000);
    const answered = await checked(await transport.replies(notice.id));
    expect(readErrorNoticeReply(answered[1] as never).lines).toEqual([
      expect.objectContaining({ number: 101, received: true }),
    ]);
  });

  it('loses the answer when the connection drops after the message is recorded, and the look-up finds it', async () => {
    const client = simClient(url);
    await client.faults({ commitThenDrop: true });
    const sent = header();
    await expect(transport.send(buildCashRegisterPackage(sent, [invoice(401)], seller))).rejects.toBeInstanceOf(
      TaxAuthorityUnavailable,
    );
    await client.clearFaults();
    const [ack] = await transport.replies(sent.id);
    expect(readTechnicalAck(parseEnvelope(ack as string)).received).toBe(true);
    expect(await transport.replies(newMessageId(MST))).toEqual([]);
    const unauthorized = await fetch(`${url}/api/tdiep/replies/${sent.id}`, {
      headers: { authorization: 'Basic aG9hZG9uOmhvYWRvbg==' },
    });
    expect(unauthorized.status).toBe(401);
  });
});
