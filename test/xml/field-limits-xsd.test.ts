/**
 * The table of limits (src/domain/xml-field-limits.ts) end to end: a seller, a store and invoices whose every
 * field the API writes into the XML is at the longest the API accepts, in Vietnamese with diacritics, are
 * accepted by the API and their signed XML is valid for the authority's schema (xmllint against hdon.xsd
 * inside a 200). One character more is a 400. A limit looser than its element fails here, whichever field
 * it is (docs/security.md, F1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XML_FIELD_LIMITS as L } from '../../src/domain/xml-field-limits.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { problemsAsSentForCode } from '../tax-messages/support.js';

const SELLER_MST = '0300588569';
/** `n` characters of Vietnamese text (precomposed, NFC), no space at either end. */
const vietnamese = (n: number) => 'Nguyễn-Thị-Ánh-Tuyết-Hòa-Bình-Đà-Nẵng-'.repeat(Math.ceil(n / 38)).slice(0, n);

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ clock: testClock('2026-03-15T03:00:00.000Z') });
});
afterAll(() => node.close());

const xmlOf = async (id: string) => {
  const answer = await node.request('GET', `/invoices/${id}/xml`);
  expect(answer.status).toBe(200);
  return answer.body;
};

const longestBuyer = {
  address: vietnamese(L.buyerAddress.max),
  phone: '0'.repeat(L.buyerPhone.max),
  email: `${'a'.repeat(L.buyerEmail.max - 5)}@b.vn`,
  cccd: '079203001234',
  passport: 'B'.repeat(L.buyerPassport.max),
  budgetUnitCode: '1012345',
};
const longestItem = {
  name: vietnamese(L.itemName.max),
  sku: 'SKU-'.repeat(20).slice(0, L.itemSku.max),
  unit: vietnamese(L.itemUnit.max),
  quantity: 1,
  unitPrice: 25_000,
  taxRate: 0.1,
};

describe('fields at the longest the API accepts', () => {
  it('are taken for the seller and the store', async () => {
    const patched = await node.request('PATCH', '/config', {
      body: {
        storeId: 'S'.repeat(L.storeId.max),
        storeName: vietnamese(L.storeName.max),
        seller: { name: vietnamese(L.sellerName.max), mst: SELLER_MST, address: vietnamese(L.sellerAddress.max) },
      },
    });
    expect(patched.status, patched.body).toBe(200);
  });

  it('make a consumer’s invoice the authority’s schema accepts', async () => {
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: vietnamese(L.consumerName.max), ...longestBuyer }, items: [longestItem] }),
    });
    expect(created.status, created.body).toBe(201);
    const xml = await xmlOf(created.json.data.id);
    expect(xml).toContain(`<HVTNMHang>${vietnamese(L.consumerName.max)}</HVTNMHang>`);
    expect(xml).toContain(`<THHDVu>${vietnamese(L.itemName.max)}</THHDVu>`);
    expect(xml).toContain(`<TCHang>${vietnamese(L.storeName.max)}</TCHang>`);
    expect(await problemsAsSentForCode(xml, SELLER_MST)).toEqual([]);
  });

  it('make a business buyer’s invoice and its replacement the authority’s schema accepts', async () => {
    const created = await node.request('POST', '/invoices', {
      body: invoiceBody({
        buyer: { name: vietnamese(L.buyerName.max), mst: '0100109106', ...longestBuyer },
        items: [longestItem],
      }),
    });
    expect(created.status, created.body).toBe(201);
    const xml = await xmlOf(created.json.data.id);
    expect(xml).toContain(`<Ten>${vietnamese(L.buyerName.max)}</Ten>`);
    expect(await problemsAsSentForCode(xml, SELLER_MST)).toEqual([]);

    const replaced = await node.request('POST', `/invoices/${created.json.data.id}/replace`, {
      body: {
        ...invoiceBody({ buyer: { name: vietnamese(L.buyerName.max), mst: '0100109106' }, channel: undefined }),
        reason: vietnamese(L.correctionReason.max),
      },
    });
    expect(replaced.status, replaced.body).toBe(200);
    const replacement = await xmlOf(replaced.json.data.id);
    expect(replacement).toContain(`<GChu>${vietnamese(L.correctionReason.max)}</GChu>`);
    expect(await problemsAsSentForCode(replacement, SELLER_MST)).toEqual([]);
  });

  it('are refused one character longer, and nothing is issued', async () => {
    const before = (await node.request('GET', '/invoices')).json.meta;
    const tooLong = [
      { buyer: { name: vietnamese(L.consumerName.max + 1) } },
      { buyer: { name: 'An', address: vietnamese(L.buyerAddress.max + 1) } },
      { buyer: { name: 'An', phone: '0'.repeat(L.buyerPhone.max + 1) } },
      { items: [{ ...longestItem, name: vietnamese(L.itemName.max + 1) }] },
      { items: [{ ...longestItem, unit: vietnamese(L.itemUnit.max + 1) }] },
    ];
    for (const overrides of tooLong) {
      const refused = await node.request('POST', '/invoices', { body: invoiceBody(overrides) });
      expect(refused.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
    }
    expect((await node.request('GET', '/invoices')).json.meta).toEqual(before);
  });
});
