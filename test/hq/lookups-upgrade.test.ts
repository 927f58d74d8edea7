/**
 * HQ migration 0005 on both databases: the invoices HQ held before it get their lookup rows from the newest
 * version's record, as a push would have written them (docs/delivery.md "The chain's portal at HQ").
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

describe.each(HQ_BACKENDS)('invoice lookups of invoices held before migration 0005 on %s', (backend) => {
  let t: TestHq | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('finds them by code and by their facts once the rows are rebuilt as the migration does', async () => {
    const started = await startHqWithTwoStores(backend);
    t = started.t;
    const seller = { name: 'Công ty Bán', mst: '0312345678-001' };
    const pushed = await t.push(started.shop1, 'shop-1', [
      invoiceRecord(1, 'inv-a', 1, { lookupCode: 'MA-CU-0001', seller }),
      invoiceRecord(2, 'inv-b', 1, { seller }),
    ]);
    expect(pushed.status, pushed.body).toBe(200);
    expect(await t.services.store.findByCode('MA-CU-0001')).toEqual({ storeId: 'shop-1', invoiceId: 'inv-a' });
    const hq = t;
    const exec = async (sql: string) => {
      if (backend === 'sqlite') hq.hq.sqlite.exec(sql);
      else await hq.db.all(sql);
    };
    // As before the migration: no rows. Then the migration's statement, read from its file.
    await exec('DELETE FROM invoice_lookups');
    expect(await t.services.store.findByCode('MA-CU-0001')).toBeUndefined();
    const file = readFileSync(
      backend === 'sqlite' ? 'migrations/hq/0005_invoice_lookups.sql' : 'migrations/hq-pg/0005_invoice_lookups.sql',
      'utf8',
    );
    const backfill = file.split('--> statement-breakpoint').at(-1)!;
    await exec(backfill);
    expect(await t.services.store.findByCode('MA-CU-0001')).toEqual({ storeId: 'shop-1', invoiceId: 'inv-a' });
    expect(
      await t.services.store.codeBySymbol({ kyHieu: 'C26MAA', number: 1, mst: '0312345678001', total: 55_000 }),
    ).toBe('MA-CU-0001');
    expect(await t.count('invoice_lookups')).toBe(1);
  });
});
