import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const at8 = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bánh mì',
  unit: 'cái',
  sku: 'BM-1',
  quantity: 2,
  unitPrice: 20_000,
  taxRate: 0.08,
  ...overrides,
});

const window = (from: string, to: string) => ({
  from,
  to,
  reducedRate: 0.08,
  basis: 'Nghị quyết 204/2025/QH15; Nghị định 174/2025/NĐ-CP',
});

describe('VAT reduction windows: 8 % only inside a window, not for excluded goods', () => {
  const clock = testClock('2026-11-20T03:00:00.000Z');
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  const count = async () => (await node.request('GET', '/invoices')).json.data.total as number;

  it('ships the known windows, the last one ending on 31/12/2026', async () => {
    const r = await node.request('GET', '/settings/vat-reduction');
    expect(r.status).toBe(200);
    const windows = r.json.data.windows as { from: string; to: string; basis: string }[];
    expect(windows.map((w) => `${w.from}..${w.to}`)).toEqual([
      '2022-02-01..2022-12-31',
      '2023-07-01..2023-12-31',
      '2024-01-01..2024-06-30',
      '2024-07-01..2024-12-31',
      '2025-01-01..2025-06-30',
      '2025-07-01..2026-12-31',
    ]);
    expect(windows.at(-1)!.basis).toContain('174/2025');
  });

  it('accepts an 8 % line inside the window', async () => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ items: [at8()] }) });
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.totals).toMatchObject({ subtotal: 40_000, taxAmount: 3_200 });
  });

  it('refuses an 8 % line once the window ended yesterday, naming the window and its end, and issues nothing', async () => {
    const put = await node.request('PUT', '/settings/vat-reduction', {
      body: { windows: [window('2025-07-01', '2026-11-19')] },
    });
    expect(put.status, put.body).toBe(200);
    const before = await count();
    for (const [path, body] of [
      ['/invoices', invoiceBody({ items: [at8()] })],
      ['/orders', { ...invoiceBody({ items: [at8()] }), id: 'DH-VAT-1' }],
    ] as const) {
      const r = await node.request('POST', path, { body });
      expect(r.status, `${path} ${r.body}`).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
      expect(r.json.error.details[0]).toMatchObject({ path: 'body.items.0.taxRate' });
      expect(r.json.error.message).toContain('19/11/2026');
      expect(r.json.error.message).toContain('Nghị định 174/2025/NĐ-CP');
    }
    expect(await count()).toBe(before);
    // 10 % still sells.
    const ten = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(ten.status).toBe(201);
  });

  it('lets a replacement of an invoice issued inside the window keep 8 %', async () => {
    await node.request('PUT', '/settings/vat-reduction', { body: { windows: [window('2025-07-01', '2026-12-31')] } });
    const original = await node.request('POST', '/invoices', { body: invoiceBody({ items: [at8()] }) });
    expect(original.status).toBe(201);
    // A week later (a new login: the token has expired), the window has ended.
    clock.set('2026-11-27T03:00:00.000Z');
    node.token = await node.login('admin', ADMIN_PASSWORD);
    await node.request('PUT', '/settings/vat-reduction', { body: { windows: [window('2025-07-01', '2026-11-26')] } });
    const fresh = await node.request('POST', '/invoices', { body: invoiceBody({ items: [at8()] }) });
    expect(fresh.status).toBe(400);
    const replaced = await node.request('POST', `/invoices/${original.json.data.id}/replace`, {
      body: { buyer: invoiceBody().buyer, items: [at8({ quantity: 3 })], reason: 'Sai số lượng' },
    });
    expect(replaced.status, replaced.body).toBe(200);
    expect(replaced.json.data.items[0]).toMatchObject({ taxRate: 0.08, taxGroup: '8%' });
    await node.request('PUT', '/settings/vat-reduction', { body: { windows: [window('2025-07-01', '2026-12-31')] } });
  });

  it('refuses the list when a window ends before it starts, and an accountant may not replace it', async () => {
    const bad = await node.request('PUT', '/settings/vat-reduction', {
      body: { windows: [window('2026-12-31', '2026-01-01')] },
    });
    expect(bad.status).toBe(400);
    // A standard rate as the reduced one would refuse every sale at it outside the window.
    for (const reducedRate of [0.1, 0.05]) {
      const standard = await node.request('PUT', '/settings/vat-reduction', {
        body: { windows: [{ ...window('2025-07-01', '2026-12-31'), reducedRate }] },
      });
      expect(standard.status).toBe(400);
      expect(standard.json.error.message).toContain('không được là thuế suất thông thường');
    }
    const accountant = await node.tokenFor('accountant');
    const forbidden = await node.request('PUT', '/settings/vat-reduction', {
      token: accountant,
      body: { windows: [] },
    });
    expect(forbidden.status).toBe(403);
    expect((await node.request('GET', '/settings/vat-reduction')).json.data.windows).toHaveLength(1);
  });

  it('refuses an 8 % line of a product left out of the reduction, naming the product and the annex', async () => {
    const put = await node.request('PUT', '/products/XANG-95', {
      body: { name: 'Xăng RON 95', unit: 'lít', unitPrice: 21_000, taxRate: 0.1, vatReductionEligible: false },
    });
    expect(put.status, put.body).toBe(200);
    expect(put.json.data).toMatchObject({ vatReductionEligible: false, taxCategory: 'goods' });
    const before = await count();
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [at8({ name: 'Xăng RON 95', sku: 'XANG-95', unit: 'lít' })] }),
    });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toContain('Xăng RON 95');
    expect(r.json.error.message).toContain('Phụ lục');
    expect(await count()).toBe(before);
    const atTen = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [at8({ name: 'Xăng RON 95', sku: 'XANG-95', unit: 'lít', taxRate: 0.1 })] }),
    });
    expect(atTen.status).toBe(201);
    const listed = await node.request('GET', '/products?search=XANG-95');
    expect(listed.json.data.items[0]).toMatchObject({ sku: 'XANG-95', vatReductionEligible: false });
  });

  it('refuses to save a product left out of the reduction at 8 %, in the API and in an import, and changes nothing', async () => {
    const put = await node.request('PUT', '/products/XANG-E5', {
      body: { name: 'Xăng E5', unit: 'lít', unitPrice: 20_000, taxRate: 0.08, vatReductionEligible: false },
    });
    expect(put.status, put.body).toBe(400);
    expect(put.json.error.message).toContain('Phụ lục');
    expect(put.json.error.details).toEqual([expect.objectContaining({ path: 'body.taxRate' })]);
    expect((await node.request('GET', '/products?search=XANG-E5')).json.data.items).toEqual([]);
    const csv = 'sku,name,unit,unitPrice,taxRate,vatReductionEligible\nXANG-E5,Xăng E5,lít,20000,8,không\n';
    const preview = await node.request('POST', '/products/import/preview', {
      body: { format: 'csv', file: Buffer.from(csv).toString('base64') },
    });
    expect(preview.status, preview.body).toBe(200);
    expect(preview.json.data.errors).toEqual([expect.objectContaining({ row: 2 })]);
    expect(preview.json.data.errors[0].message).toContain('Phụ lục');
  });

  it("gives a line without a category its product's default category, and refuses a taxable product sold as KCT", async () => {
    await node.request('PUT', '/products/SACH-1', {
      body: { name: 'Sách giáo khoa', unitPrice: 30_000, taxRate: 0, taxCategory: 'KCT' },
    });
    const kct = await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ name: 'Sách giáo khoa', sku: 'SACH-1', quantity: 1, unitPrice: 30_000, taxRate: 0 }],
      }),
    });
    expect(kct.status, kct.body).toBe(201);
    expect(kct.json.data.items[0]).toMatchObject({ taxCategory: 'KCT', taxGroup: 'KCT' });
    const wrongRate = await node.request('POST', '/invoices', {
      body: invoiceBody({ items: [{ name: 'Sách', sku: 'SACH-1', quantity: 1, unitPrice: 30_000, taxRate: 0.1 }] }),
    });
    expect(wrongRate.status).toBe(400);
    await node.request('PUT', '/products/CF-9', { body: { name: 'Cà phê hạt', unitPrice: 90_000, taxRate: 0.1 } });
    const slip = await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ name: 'Cà phê hạt', sku: 'CF-9', quantity: 1, unitPrice: 90_000, taxCategory: 'KCT' }],
      }),
    });
    expect(slip.status).toBe(400);
    expect(slip.json.error.message).toContain('Cà phê hạt');
  });

  it('warns of a cash sale of 5,000,000 đ or more to a buyer with an MST, and still issues it', async () => {
    const big = invoiceBody({
      items: [{ name: 'Máy pha', sku: 'MP-1', quantity: 1, unitPrice: 5_000_000, taxRate: 0.1 }],
    });
    const cash = await node.request('POST', '/invoices', { body: big });
    expect(cash.status).toBe(201);
    expect(cash.json.data.warnings).toEqual([
      { code: 'CASH_OVER_5M', message: expect.stringContaining('48/2024/QH15') },
    ]);
    const transfer = await node.request('POST', '/invoices', { body: { ...big, paymentMethod: 'CK' } });
    expect(transfer.json.data.warnings).toEqual([]);
    const noMst = await node.request('POST', '/invoices', { body: { ...big, buyer: { name: 'Khách lẻ' } } });
    expect(noMst.json.data.warnings).toEqual([]);
    // The limit is on the total with VAT: 4.761.905 + 5 % = 5.000.000 warns, 4.761.904 + 5 % = 4.999.999 does not.
    const at = async (unitPrice: number) => {
      const r = await node.request('POST', '/invoices', {
        body: invoiceBody({ items: [{ name: 'Máy xay', sku: 'MX-1', quantity: 1, unitPrice, taxRate: 0.05 }] }),
      });
      expect(r.status, r.body).toBe(201);
      return r.json.data as { totals: { total: number }; warnings: { code: string }[] };
    };
    const limit = await at(4_761_905);
    expect(limit.totals.total).toBe(5_000_000);
    expect(limit.warnings.map((w) => w.code)).toEqual(['CASH_OVER_5M']);
    const under = await at(4_761_904);
    expect(under.totals.total).toBe(4_999_999);
    expect(under.warnings).toEqual([]);
  });

  it('refuses template 2 clearly, since the node does not write a sales invoice', async () => {
    const r = await node.request('PATCH', '/settings/templates', { body: { mauSo: '2' } });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toContain('Mẫu số 2');
    expect((await node.request('GET', '/settings/templates')).json.data.mauSo).toBe('1');
  });
});

describe('the warning before a window ends', () => {
  it('appears from 14 days before the end in /health and as one notification, with the date', async () => {
    const clock = testClock('2026-12-16T16:50:00.000Z');
    const node = await startTestNode({ clock });
    try {
      expect((await node.request('GET', '/health')).json.data.vatReduction).toBeUndefined();
      expect(await node.node.services.writes.run(() => node.node.services.vatReductionWarning.check())).toBe(false);
      clock.set('2026-12-16T17:10:00.000Z');
      const health = await node.request('GET', '/health');
      expect(health.json.data.vatReduction).toMatchObject({ endsOn: '2026-12-31', daysLeft: 14 });
      expect(health.json.data.vatReduction.message).toContain('31/12/2026');
      await node.node.services.writes.run(() => node.node.services.vatReductionWarning.check());
      await node.node.services.writes.run(() => node.node.services.vatReductionWarning.check());
      const list = await node.request('GET', '/notifications');
      expect(list.status, list.body).toBe(200);
      const warnings = (list.json.data as { title: string; message: string }[]).filter((n) =>
        n.message.includes('31/12/2026'),
      );
      expect(warnings).toHaveLength(1);
      // An extension published in time: no warning any more.
      await node.request('PUT', '/settings/vat-reduction', {
        body: { windows: [window('2025-07-01', '2026-12-31'), window('2027-01-01', '2027-06-30')] },
      });
      expect((await node.request('GET', '/health')).json.data.vatReduction).toBeUndefined();
    } finally {
      await node.close();
    }
  });
});

describe('the catalogue at the reduced rate', () => {
  it('is counted in the warning before the end, and after the end while any product is left at 8 %', async () => {
    const clock = testClock('2026-12-17T03:00:00.000Z');
    const node = await startTestNode({ clock });
    try {
      for (const [sku, name, taxRate] of [
        ['CF-8', 'Cà phê sữa đá', 0.08],
        ['BM-8', 'Bánh mì', 0.08],
        ['NUOC-10', 'Nước suối', 0.1],
      ] as const) {
        const put = await node.request('PUT', `/products/${sku}`, { body: { name, unitPrice: 20_000, taxRate } });
        expect(put.status, put.body).toBe(200);
      }
      const soon = (await node.request('GET', '/health')).json.data.vatReduction;
      expect(soon).toMatchObject({ endsOn: '2026-12-31', daysLeft: 14, productsAtReducedRate: 2 });
      expect(soon.message).toContain('Danh mục còn 2 sản phẩm thuế suất 8%');
      expect(soon.message).toContain('từ 01/01/2027 quầy sẽ không bán được các sản phẩm này');

      // The window has ended and no extension was published: the till refuses these products at 8 %.
      clock.set('2027-01-01T03:00:00.000Z');
      node.token = await node.login('admin', ADMIN_PASSWORD);
      const refused = await node.request('POST', '/invoices', {
        body: invoiceBody({ items: [at8({ name: 'Cà phê sữa đá', sku: 'CF-8' })] }),
      });
      expect(refused.status).toBe(400);
      const after = (await node.request('GET', '/health')).json.data.vatReduction;
      expect(after).toMatchObject({ endsOn: '2026-12-31', daysLeft: 0, productsAtReducedRate: 2 });
      expect(after.message).toContain('đã hết hiệu lực sau ngày 31/12/2026');
      expect(after.message).toContain('Danh mục còn 2 sản phẩm thuế suất 8%');
      await node.node.services.writes.run(() => node.node.services.vatReductionWarning.check());
      await node.node.services.writes.run(() => node.node.services.vatReductionWarning.check());
      const told = (await node.request('GET', '/notifications')).json.data as { title: string }[];
      expect(told.filter((n) => n.title === 'Đã hết thời gian giảm thuế GTGT')).toHaveLength(1);

      // The owner sets both back to 10 %: the warning goes (the count is read again after a minute).
      for (const [sku, name] of [
        ['CF-8', 'Cà phê sữa đá'],
        ['BM-8', 'Bánh mì'],
      ] as const)
        await node.request('PUT', `/products/${sku}`, { body: { name, unitPrice: 20_000, taxRate: 0.1 } });
      clock.advance(60_000);
      expect((await node.request('GET', '/health')).json.data.vatReduction).toBeUndefined();
      expect(await node.node.services.writes.run(() => node.node.services.vatReductionWarning.check())).toBe(false);
    } finally {
      await node.close();
    }
  });
});
