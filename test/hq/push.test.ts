import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PUSH_RECORDS } from '../../sync/protocol.js';
import { HQ_BACKENDS, invoiceRecord, record, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

let t: TestHq;
let shop1: string;
let shop2: string;

const storeRow = (id: string) => t.services.store.findStore(id);

describe.each(HQ_BACKENDS)('on %s', (backend) => {
  beforeEach(async () => ({ t, shop1, shop2 } = await startHqWithTwoStores(backend)));
  afterEach(async () => t.close());

  describe('POST /sync/v1/push', () => {
    it('answers the same key twice with the same answer and keeps one copy', async () => {
      const batch = [invoiceRecord(1, 'inv-1'), invoiceRecord(2, 'inv-2')];
      const first = await t.push(shop1, 'shop-1', batch);
      expect(first.status).toBe(200);
      expect(first.json).toEqual({
        success: true,
        data: { appliedThroughSeq: 2, maxRecords: MAX_PUSH_RECORDS, heldBeforeSeq: 0, hqPublicUrl: null },
      });
      const again = await t.push(shop1, 'shop-1', batch);
      expect(again.json).toEqual(first.json);
      expect(await t.count('records')).toBe(2);
      expect(await t.count('invoices')).toBe(2);
      expect(await storeRow('shop-1')).toMatchObject({
        appliedThroughSeq: 2,
        invoiceCount: 2,
        lastPushAt: '2026-03-15T03:00:00.000Z',
      });
    });

    it('answers a replayed key with what it holds now, not with the answer it gave then', async () => {
      const batch = [invoiceRecord(1, 'inv-1'), invoiceRecord(2, 'inv-2')];
      await t.push(shop1, 'shop-1', batch);
      await t.push(shop1, 'shop-1', [invoiceRecord(3, 'inv-3'), invoiceRecord(4, 'inv-4')]);
      const replay = await t.push(shop1, 'shop-1', batch);
      expect(replay.json).toEqual({
        success: true,
        data: { appliedThroughSeq: 4, maxRecords: MAX_PUSH_RECORDS, heldBeforeSeq: 0, hqPublicUrl: null },
      });
      expect(await t.count('records')).toBe(4);
    });

    it('refuses a batch beyond the next seq with 409 SEQUENCE_GAP naming the expected seq, and writes nothing', async () => {
      await t.push(shop1, 'shop-1', [invoiceRecord(1, 'inv-1')]);
      const gap = await t.push(shop1, 'shop-1', [invoiceRecord(5, 'inv-5')]);
      expect(gap.status).toBe(409);
      expect(gap.json.error).toMatchObject({ code: 'SEQUENCE_GAP', details: [{ path: 'expectedSeq', message: '2' }] });
      expect(await t.count('records')).toBe(1);
      expect(await t.count('push_batches')).toBe(1);
      expect((await storeRow('shop-1'))?.appliedThroughSeq).toBe(1);
    });

    it('applies only the records past the applied seq when a batch overlaps', async () => {
      await t.push(shop1, 'shop-1', [invoiceRecord(1, 'a'), invoiceRecord(2, 'b'), invoiceRecord(3, 'c')]);
      // A resend from seq 2 (the store missed the answer) that carries more: 2 and 3 are already held.
      const overlap = await t.push(shop1, 'shop-1', [
        invoiceRecord(2, 'b', 1, { status: 'error' }),
        invoiceRecord(3, 'c'),
        invoiceRecord(4, 'd'),
        invoiceRecord(5, 'e'),
      ]);
      expect(overlap.json.data).toEqual({
        appliedThroughSeq: 5,
        maxRecords: MAX_PUSH_RECORDS,
        heldBeforeSeq: 3,
        hqPublicUrl: null,
      });
      expect(await t.count('records')).toBe(5);
      expect(await t.one("SELECT status FROM invoices WHERE invoice_id = 'b'")).toEqual({
        status: 'issued',
      });

      const entirelyOld = await t.push(shop1, 'shop-1', [invoiceRecord(3, 'c')], 'shop-1:3');
      expect(entirelyOld.json.data).toEqual({
        appliedThroughSeq: 5,
        maxRecords: MAX_PUSH_RECORDS,
        heldBeforeSeq: 5,
        hqPublicUrl: null,
      });
    });

    it('deduplicates on (store, recordId, version) after the idempotency key has expired', async () => {
      await t.push(shop1, 'shop-1', [invoiceRecord(1, 'inv-1')]);
      t.clock.advance(25 * 3600 * 1000);
      // A store restored from a backup enqueues the same version again under a new seq.
      const resent = await t.push(shop1, 'shop-1', [
        invoiceRecord(2, 'inv-1', 1, { totals: { subtotal: 1, taxAmount: 0, total: 1 } }),
      ]);
      expect(resent.json.data).toEqual({
        appliedThroughSeq: 2,
        maxRecords: MAX_PUSH_RECORDS,
        heldBeforeSeq: 1,
        hqPublicUrl: null,
      });
      expect(await t.count('push_batches', "store_id = 'shop-1' AND batch_seq = 1")).toBe(0);
      expect(await t.count('records')).toBe(1);
      expect(await t.one("SELECT total FROM invoices WHERE invoice_id = 'inv-1'")).toEqual({
        total: 55_000,
      });
      expect((await storeRow('shop-1'))?.invoiceCount).toBe(1);
    });

    it('keeps the higher version of an invoice whatever order the versions arrive in', async () => {
      await t.push(shop1, 'shop-1', [
        invoiceRecord(1, 'inv-1', 2, { status: 'replaced' }),
        invoiceRecord(2, 'inv-1', 1),
      ]);
      await t.push(shop1, 'shop-1', [
        invoiceRecord(3, 'inv-1', 3, { status: 'error' }),
        invoiceRecord(4, 'inv-1', 2, { status: 'replaced' }),
      ]);
      expect(
        await t.one("SELECT version, status, received_seq AS seq FROM invoices WHERE invoice_id = 'inv-1'"),
      ).toEqual({
        version: 3,
        status: 'error',
        seq: 3,
      });
      expect(await t.count('records')).toBe(3);
      expect((await storeRow('shop-1'))?.invoiceCount).toBe(1);
    });

    it('keeps invoices of two stores with the same id apart', async () => {
      await t.push(shop1, 'shop-1', [invoiceRecord(1, 'same-id')]);
      await t.push(shop2, 'shop-2', [invoiceRecord(1, 'same-id', 1, { status: 'error' })]);
      expect(await t.count('invoices')).toBe(2);
      expect(await t.one("SELECT status FROM invoices WHERE store_id = 'shop-1'")).toEqual({
        status: 'issued',
      });
    });

    it("refuses another store's storeId with 403 and writes nothing", async () => {
      const refused = await t.push(shop1, 'shop-2', [invoiceRecord(1, 'inv-1')]);
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('FORBIDDEN');
      expect(await t.count('records')).toBe(0);
      expect((await storeRow('shop-2'))?.appliedThroughSeq).toBe(0);
    });

    it('refuses a missing, malformed or wrong credential with 401', async () => {
      const body = { storeId: 'shop-1', batchSeq: 1, records: [invoiceRecord(1, 'inv-1')] };
      const headers = { 'x-idempotency-key': 'shop-1:1' };
      for (const token of [
        null,
        'shop-1',
        `shop-1.${'x'.repeat(43)}`,
        `unknown.${shop1.split('.')[1]}`,
        `shop-2.${shop1.split('.')[1]}`,
      ]) {
        const r = await t.request('POST', '/sync/v1/push', { token, body, headers });
        expect(r.status, String(token)).toBe(401);
        expect(r.json.error.code).toBe('UNAUTHORIZED');
      }
      expect(await t.count('records')).toBe(0);
    });

    it('requires the idempotency key <storeId>:<batchSeq>', async () => {
      for (const key of [undefined, 'shop-1:2', 'shop-2:1', 'anything']) {
        const r = await t.request('POST', '/sync/v1/push', {
          token: shop1,
          body: { storeId: 'shop-1', batchSeq: 1, records: [invoiceRecord(1, 'inv-1')] },
          headers: key === undefined ? {} : { 'x-idempotency-key': key },
        });
        expect(r.status, String(key)).toBe(400);
        expect(r.json.error.code).toBe('VALIDATION_ERROR');
      }
      expect(await t.count('records')).toBe(0);
    });

    it('refuses a malformed batch or record with 400 before writing anything', async () => {
      const bad = [
        { storeId: 'shop-1', batchSeq: 2, records: [invoiceRecord(1, 'inv-1')] },
        { storeId: 'shop-1', batchSeq: 1, records: [invoiceRecord(1, 'a'), invoiceRecord(3, 'b')] },
        { storeId: 'shop-1', batchSeq: 1, records: [] },
        {
          storeId: 'shop-1',
          batchSeq: 1,
          records: [invoiceRecord(1, 'a'), invoiceRecord(2, 'b', 1, { totals: 'many' })],
        },
        {
          storeId: 'shop-1',
          batchSeq: 1,
          records: [record(1, 'settings', 'settings:templates', { name: 'config', document: {}, hlc: 'x' })],
        },
        { storeId: 'shop-1', batchSeq: 1, records: [{ ...record(1, 'audit', 'audit:1', {}), payload: [1, 2] }] },
        // The projection finds its document again by the record id: one that names another invoice is refused.
        { storeId: 'shop-1', batchSeq: 1, records: [{ ...invoiceRecord(1, 'inv-1'), recordId: 'invoice:inv-2' }] },
        {
          storeId: 'shop-1',
          batchSeq: 1,
          records: Array.from({ length: MAX_PUSH_RECORDS + 1 }, (_, i) => record(i + 1, 'audit', `audit:${i + 1}`, {})),
        },
      ];
      for (const body of bad) {
        const r = await t.request('POST', '/sync/v1/push', {
          token: shop1,
          body,
          headers: { 'x-idempotency-key': `shop-1:${body.batchSeq}` },
        });
        expect(r.status, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(r.json.error.code).toBe('VALIDATION_ERROR');
      }
      const named = await t.request('POST', '/sync/v1/push', {
        token: shop1,
        body: bad[3],
        headers: { 'x-idempotency-key': 'shop-1:1' },
      });
      expect(named.json.error.details).toContainEqual(
        expect.objectContaining({ path: 'body.records.1.payload.totals' }),
      );
      const misnamed = await t.request('POST', '/sync/v1/push', {
        token: shop1,
        body: bad[6],
        headers: { 'x-idempotency-key': 'shop-1:1' },
      });
      expect(misnamed.json.error.details).toEqual([
        { path: 'body.records.0.recordId', message: 'phải là "invoice:inv-1"' },
      ]);
      expect(await t.count('records')).toBe(0);
      expect(await t.count('invoices')).toBe(0);
    });

    it('keeps each payload as the text the store sent, and an invoice document once, in its record', async () => {
      // Valid JSON that JSON.stringify would not write back the same (an escape, spaces): kept as it came.
      const invoiceText = JSON.stringify(invoiceRecord(1, 'inv-1').payload).replace('"issued"', '"\\u0069ssued"');
      const auditText = '{ "action": "issue",\n  "hash": "ab" }';
      const body = `{"storeId":"shop-1","batchSeq":1,"records":[
      {"seq":1,"recordId":"invoice:inv-1","kind":"invoice","version":1,"at":"2026-03-15T02:00:00.000Z","payload":${invoiceText}},
      {"payload":${auditText},"seq":2,"recordId":"audit:1","kind":"audit","version":1,"at":"2026-03-15T02:00:00.000Z"}]}`;
      const r = await t.app.inject({
        method: 'POST',
        url: '/sync/v1/push',
        headers: {
          authorization: `Bearer ${shop1}`,
          'content-type': 'application/json',
          'x-idempotency-key': 'shop-1:1',
        },
        payload: body,
      });
      expect(r.json().data).toEqual({
        appliedThroughSeq: 2,
        maxRecords: MAX_PUSH_RECORDS,
        heldBeforeSeq: 0,
        hqPublicUrl: null,
      });
      expect(await t.all('SELECT payload FROM records ORDER BY seq')).toEqual([
        { payload: invoiceText },
        { payload: auditText },
      ]);
      expect(await t.one("SELECT status FROM invoices WHERE invoice_id = 'inv-1'")).toEqual({
        status: 'issued',
      });
      expect(Object.keys((await t.one('SELECT * FROM invoices')) ?? {})).not.toContain('document');
    });

    it('takes a batch as large as it announces, in one transaction', async () => {
      const batch = Array.from({ length: MAX_PUSH_RECORDS }, (_, i) =>
        i % 4 === 0 ? invoiceRecord(i + 1, `inv-${i}`) : record(i + 1, 'audit', `audit:${i}`, { n: i }),
      );
      const r = await t.push(shop1, 'shop-1', batch);
      expect(r.json.data).toEqual({
        appliedThroughSeq: MAX_PUSH_RECORDS,
        maxRecords: MAX_PUSH_RECORDS,
        heldBeforeSeq: 0,
        hqPublicUrl: null,
      });
      expect(await t.count('records')).toBe(MAX_PUSH_RECORDS);
      expect((await storeRow('shop-1'))?.invoiceCount).toBe(MAX_PUSH_RECORDS / 4);
    });

    it('stores audit and aggregate records without projecting them', async () => {
      const r = await t.push(shop1, 'shop-1', [
        record(1, 'audit', 'audit:1', { seq: 1, action: 'issue', hash: 'ab' }),
        record(2, 'aggregate', 'aggregate:2026-03-14', { date: '2026-03-14', totalAmount: 1_000 }),
      ]);
      expect(r.json.data).toEqual({
        appliedThroughSeq: 2,
        maxRecords: MAX_PUSH_RECORDS,
        heldBeforeSeq: 0,
        hqPublicUrl: null,
      });
      expect(await t.count('records', "kind IN ('audit', 'aggregate')")).toBe(2);
      expect(
        JSON.parse(
          ((await t.one("SELECT payload FROM records WHERE record_id = 'audit:1'")) as { payload: string }).payload,
        ),
      ).toEqual({
        seq: 1,
        action: 'issue',
        hash: 'ab',
      });
    });

    it("keeps the first store's name for a customer tax code but announces it to no store (a typed name is no authority)", async () => {
      await t.push(shop1, 'shop-1', [
        record(1, 'customer', 'customer:c1', {
          id: 'c1',
          name: 'Công ty Hòa Bình',
          mst: '0100109106',
          address: 'Hà Nội',
        }),
        record(2, 'customer', 'customer:c2', { id: 'c2', name: 'Khách lẻ' }),
        record(3, 'customer', 'customer:c3', { id: 'c3', name: 'Sai mã', mst: '0100109107' }),
      ]);
      await t.push(shop2, 'shop-2', [
        record(1, 'customer', 'customer:x', { id: 'x', name: 'Tên bịa đặt', mst: '0100109106' }),
      ]);
      expect(await t.count('mst_registry')).toBe(1);
      expect(await t.services.store.findMst('0100109106')).toMatchObject({
        name: 'Công ty Hòa Bình',
        firstStoreId: 'shop-1',
      });
      for (const credential of [shop1, shop2]) expect((await t.pull(credential)).json.data.items).toEqual([]);
      expect(await t.count('feed')).toBe(0);
    });
  });
});
