import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceIdHex, invoiceQrCode } from '../../src/domain/invoice-qr.js';
import { validateMessage } from '../../src/tax-messages/schemas.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

/**
 * DLQRCode in the 206 (docs/transmission.md "DLQRCode"): after MCCQT and before DSCKS, an EMVCo TLV whose
 * CRC-16/CCITT-FALSE is checked here by a computation of its own (table-driven, not the node's bitwise one).
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit += 1) crc = (crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1) & 0xffff;
  return crc;
});
function crcCcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'ascii')) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc;
}

/** TLV fields (two-digit id, two-digit length) of a payload, in order. */
function tlv(payload: string): [string, string][] {
  const fields: [string, string][] = [];
  for (let at = 0; at < payload.length; ) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.push([id, payload.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return fields;
}

describe('the TLV', () => {
  it('checks against CRC-16/CCITT-FALSE’s published check value', () => {
    expect(crcCcittFalse('123456789')).toBe(0x29b1);
  });

  it('writes 00=01, the template 99 of the invoice’s facts, then 63 with the CRC of all before its value', () => {
    const code = invoiceQrCode({
      invoiceId: '0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      sellerMst: '0316970420',
      mauSo: '1',
      kyHieu: 'C25MQD',
      number: 123,
      issueDate: '2025-09-10',
      total: 2_250_000,
    });
    const fields = tlv(code);
    expect(fields.map(([id]) => id)).toEqual(['00', '99', '63']);
    expect(fields[0]![1]).toBe('01');
    expect(tlv(fields[1]![1])).toEqual([
      ['00', '0197A1B2C3D47E5F8A9B0C1D2E3F4A5B'],
      ['01', '0316970420'],
      ['02', '1'],
      ['03', 'C25MQD'],
      ['04', '123'],
      ['05', '20250910'],
      ['06', '2250000'],
    ]);
    expect(code.slice(0, 10)).toBe('0002019995');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(Number.parseInt(code.slice(-4), 16)).toBe(crcCcittFalse(code.slice(0, -4)));
  });

  it('writes any id as 32 hex digits, the same each time', () => {
    expect(invoiceIdHex('inv-1')).toMatch(/^[0-9A-F]{32}$/);
    expect(invoiceIdHex('inv-1')).toBe(invoiceIdHex('inv-1'));
  });
});

describe('the 206 a live node sends', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    await reducedRateOnEveryDate(node);
    await goLive(node);
  });
  afterAll(() => node.close());

  it('carries DLQRCode for each invoice after MCCQT and before DSCKS, valid by the XSD, its CRC right', async () => {
    const ids: string[] = [];
    for (const total of [1, 2]) {
      const created = await node.request('POST', '/invoices', {
        body: invoiceBody({ items: [{ name: 'Trà', unit: 'ly', quantity: total, unitPrice: 15_000, taxRate: 0.08 }] }),
      });
      expect(created.status, created.body).toBe(201);
      ids.push(created.json.data.id);
    }
    const { services } = node.node;
    await services.transmission.worker.tick();
    const messageId = services.transmission.of(ids[0]!)?.messageId ?? '';
    expect(services.transmission.of(ids[1]!)?.messageId).toBe(messageId);
    const stored = node.node.database.sqlite
      .prepare<[string], { xml: Buffer | string }>('SELECT xml FROM tax_messages WHERE message_id = ?')
      .get(messageId)!.xml;
    const text = await unpackText(stored);
    expect(await validateMessage(text)).toEqual([]);

    const document = new DOMParser().parseFromString(text, 'text/xml');
    const invoices = Array.from(document.getElementsByTagName('HDon'));
    expect(invoices).toHaveLength(2);
    for (const [i, hdon] of invoices.entries()) {
      const children = Array.from(hdon.childNodes)
        .filter((n) => n.nodeType === 1)
        .map((n) => (n as unknown as Element).localName);
      expect(children).toEqual(['DLHDon', 'MCCQT', 'DLQRCode', 'DSCKS']);
      const code = hdon.getElementsByTagName('DLQRCode')[0]!.textContent ?? '';
      expect(Number.parseInt(code.slice(-4), 16)).toBe(crcCcittFalse(code.slice(0, -4)));
      const detail = (await node.request('GET', `/invoices/${ids[i]}`)).json.data;
      expect(Object.fromEntries(tlv(tlv(code)[1]![1]))).toEqual({
        '00': detail.id.replaceAll('-', '').toUpperCase(),
        '01': LIVE_SELLER.mst,
        '02': detail.mauSo,
        '03': detail.kyHieu,
        '04': String(detail.number),
        '05': detail.issueDate.replaceAll('-', ''),
        '06': String(detail.totals.total),
      });
    }
    // The stored invoice is not changed by what its package adds beside its data.
    const xml = await services.invoiceXml.renderSignedInvoiceXml(ids[0]!);
    expect(xml).not.toContain('DLQRCode');
  });
});
