/**
 * The catalogue a shop manages over HTTP (docs/catalogue.md): barcodes, categories, favourites, cost prices,
 * deactivation (a sold product is never deleted), and the import in two steps, all rows or none.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

const put = (sku: string, body: Record<string, unknown>, token?: string) =>
  node.request('PUT', `/products/${sku}`, { body, ...(token ? { token } : {}) });
const list = async (query: string, token?: string) => {
  const r = await node.request('GET', `/products?${query}`, token ? { token } : {});
  expect(r.status, r.body).toBe(200);
  return r.json.data as { items: Record<string, unknown>[]; total: number; totalPages: number };
};
const skus = async (query: string) => (await list(query)).items.map((p) => p.sku);
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER = 'Mã SKU,Tên hàng,Đơn vị tính,Đơn giá,Thuế suất (%),Mã vạch,Nhóm hàng,Yêu thích,Giá vốn';
const auditOf = (subject: string) =>
  node.node.database.sqlite
    .prepare('SELECT action, actor, details FROM audit_entries WHERE invoice_id = ? ORDER BY seq')
    .all(subject) as { action: string; actor: string; details: string }[];

describe('a product the admin writes', () => {
  it('keeps a barcode, a category, a favourite mark and a cost price, and finds it by its barcode', async () => {
    const r = await put('CF-SUA', {
      name: 'Cà phê sữa đá',
      unit: 'ly',
      unitPrice: 25_000,
      taxRate: 0.1,
      barcode: '8934563123456',
      category: 'Đồ uống',
      favourite: true,
      costPrice: 9_000,
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toEqual({
      sku: 'CF-SUA',
      name: 'Cà phê sữa đá',
      unit: 'ly',
      unitPrice: 25_000,
      taxRate: 0.1,
      vatReductionEligible: true,
      taxCategory: 'goods',
      barcode: '8934563123456',
      category: 'Đồ uống',
      favourite: true,
      costPrice: 9_000,
      active: true,
      sold: false,
    });
    await put('BANH-MI', { name: 'Bánh mì thịt', unitPrice: 20_000, taxRate: 0.08, category: 'Đồ ăn' });
    expect(await skus('search=8934563123456')).toEqual(['CF-SUA']);
    expect(await skus('search=893456312345')).toEqual([]);
    expect(await skus(`category=${encodeURIComponent('Đồ ăn')}`)).toEqual(['BANH-MI']);
    expect((await node.request('GET', '/products/categories')).json.data).toEqual(['Đồ ăn', 'Đồ uống']);
    expect(auditOf('product:CF-SUA')).toMatchObject([{ action: 'product-created', actor: 'admin' }]);
  });

  it('answers the cost price to the admin and the accountant, never to a cashier', async () => {
    const cashier = await node.tokenFor('cashier');
    const accountant = await node.tokenFor('accountant');
    expect((await list('search=CF-SUA', cashier)).items[0]).not.toHaveProperty('costPrice');
    expect((await list('search=CF-SUA', accountant)).items[0]).toMatchObject({ costPrice: 9_000 });
  });

  it('refuses a barcode another product has (409), a bad barcode and a negative cost price (400), in Vietnamese', async () => {
    const taken = await put('TRA', { name: 'Trà', unitPrice: 10_000, taxRate: 0.1, barcode: '8934563123456' });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe('Mã vạch 8934563123456 đã là của sản phẩm CF-SUA.');
    const bad = await put('TRA', { name: 'Trà', unitPrice: 10_000, taxRate: 0.1, barcode: 'a b' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0]).toMatchObject({
      path: 'body.barcode',
      message: expect.stringContaining('Mã vạch'),
    });
    const cost = await put('TRA', { name: 'Trà', unitPrice: 10_000, taxRate: 0.1, costPrice: -1 });
    expect(cost.json.error.details[0]).toMatchObject({ path: 'body.costPrice', message: 'Giá vốn không được âm.' });
    expect(await skus('search=TRA')).toEqual([]);
  });

  it('deactivates a product: out of the active list, back on sale when activated', async () => {
    const off = await node.request('PUT', '/products/BANH-MI/active', { body: { active: false } });
    expect(off.status, off.body).toBe(200);
    expect(off.json.data.active).toBe(false);
    expect(await skus('active=true')).not.toContain('BANH-MI');
    expect(await skus('active=false')).toEqual(['BANH-MI']);
    expect(await skus('')).toContain('BANH-MI');
    await node.request('PUT', '/products/BANH-MI/active', { body: { active: true } });
    expect(await skus('active=true')).toContain('BANH-MI');
    expect(auditOf('product:BANH-MI').map((e) => e.action)).toEqual([
      'product-created',
      'product-deactivated',
      'product-activated',
    ]);
    expect((await node.request('PUT', '/products/NONE/active', { body: { active: false } })).status).toBe(404);
    expect((await node.request('GET', '/products?active=maybe')).status).toBe(400);
  });

  it('deletes a product never sold, and refuses (409) to delete one sold, which keeps its invoice', async () => {
    await put('KEO', { name: 'Kẹo', unitPrice: 1_000, taxRate: 0.1 });
    expect((await node.request('DELETE', '/products/KEO')).status).toBe(200);
    expect(await skus('search=KEO')).toEqual([]);
    const sale = await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ name: 'Cà phê sữa đá', unit: 'ly', sku: 'CF-SUA', quantity: 1, unitPrice: 25_000, taxRate: 0.1 }],
      }),
    });
    expect(sale.status, sale.body).toBe(201);
    expect((await list('search=CF-SUA')).items[0]).toMatchObject({
      sold: true,
      unitPrice: 25_000,
      barcode: '8934563123456',
    });
    const refused = await node.request('DELETE', '/products/CF-SUA');
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('Sản phẩm CF-SUA đã được bán nên không xóa được; hãy ngừng bán sản phẩm.');
    await node.request('PUT', '/products/CF-SUA/active', { body: { active: false } });
    const invoice = await node.request('GET', `/invoices/${sale.json.data.id}`);
    expect(invoice.json.data.items[0]).toMatchObject({ sku: 'CF-SUA', name: 'Cà phê sữa đá' });
    await node.request('PUT', '/products/CF-SUA/active', { body: { active: true } });
  });

  it('is the admin’s to write: a cashier and an accountant are refused', async () => {
    for (const role of ['cashier', 'accountant'] as const) {
      const token = await node.tokenFor(role);
      expect((await put('X9', { name: 'X', unitPrice: 1, taxRate: 0.1 }, token)).status).toBe(403);
      expect((await node.request('DELETE', '/products/BANH-MI', { token })).status).toBe(403);
      const preview = await node.request('POST', '/products/import/preview', {
        body: { format: 'csv', file: base64(csv(HEADER)) },
        token,
      });
      expect(preview.status).toBe(403);
    }
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('GET', '/products/export?format=csv', { token: cashier })).status).toBe(403);
    const accountant = await node.tokenFor('accountant');
    expect((await node.request('GET', '/products/export?format=csv', { token: accountant })).status).toBe(200);
  });
});

describe('importing a file', () => {
  const preview = (file: string, format = 'csv') =>
    node.request('POST', '/products/import/preview', { body: { format, file } });
  const apply = (file: string, token: string, format = 'csv') =>
    node.request('POST', '/products/import', { body: { format, file, token } });

  const mixed = csv(
    HEADER,
    'SUA-CHUA,Sữa chua,hộp,"12.000",8,,Đồ ăn,Có,7000',
    'BANH-MI,Bánh mì thịt,,22000,8,,Đồ ăn,Không,',
    ',Không có mã,,1000,10,,,,',
    'NUOC,Nước suối,chai,-5,10,,,,',
    'NUOC2,Nước suối 2,chai,5000,7,,,,',
    'NUOC3,Nước suối 3,chai,5000,10,8934563123456,,,',
    'NUOC4,Nước suối 4,chai,5000,10,,,Hay,',
  );

  it('lists what a file with good and bad rows would change, each bad row by number and reason, and writes nothing', async () => {
    const before = node.node.database.sqlite.prepare('SELECT * FROM products ORDER BY sku').all();
    const r = await preview(base64(mixed));
    expect(r.status, r.body).toBe(200);
    const data = r.json.data;
    expect(data.rows).toBe(7);
    expect(data.created).toEqual([{ row: 2, sku: 'SUA-CHUA', name: 'Sữa chua' }]);
    expect(data.changed).toEqual([
      {
        row: 3,
        sku: 'BANH-MI',
        name: 'Bánh mì thịt',
        fields: ['Đơn giá'],
      },
    ]);
    expect(data.errors).toEqual([
      { row: 4, message: 'Mã SKU: không được để trống.' },
      { row: 5, message: 'Đơn giá: Đơn giá không được âm.' },
      { row: 6, message: 'Thuế suất (%): Thuế suất phải là một trong: 0 %, 5 %, 8 %, 10 %.' },
      { row: 7, message: 'Mã vạch: 8934563123456 đã là của sản phẩm CF-SUA.' },
      { row: 8, message: 'Yêu thích: ghi "Có" hoặc "Không".' },
    ]);
    expect(data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(node.node.database.sqlite.prepare('SELECT * FROM products ORDER BY sku').all()).toEqual(before);

    // The apply of that file is refused whole: no good row is written either.
    const refused = await apply(base64(mixed), data.token);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe('Tệp có 5 dòng lỗi: không nhập dòng nào. Hãy sửa rồi xem trước lại.');
    expect(refused.json.error.details[0]).toEqual({
      path: 'file.row4',
      message: 'Dòng 4: Mã SKU: không được để trống.',
    });
    expect(node.node.database.sqlite.prepare('SELECT * FROM products ORDER BY sku').all()).toEqual(before);
    expect(auditOf('products:import')).toEqual([]);
  });

  it('applies a good file in one step after its preview, and refuses a token whose plan changed', async () => {
    const good = csv(
      HEADER,
      'SUA-CHUA,Sữa chua,hộp,"12.000",8,8930000000017,Đồ ăn,Có,7000',
      'BANH-MI,Bánh mì thịt,,22000,8,,Đồ ăn,Không,',
    );
    const seen = await preview(base64(good));
    expect(seen.json.data).toMatchObject({ created: [{ sku: 'SUA-CHUA' }], changed: [{ sku: 'BANH-MI' }], errors: [] });
    // Another file under the same token: refused.
    const other = csv(HEADER, 'SUA-CHUA,Sữa chua,hộp,13000,8,,Đồ ăn,Có,7000');
    expect((await apply(base64(other), seen.json.data.token)).status).toBe(409);
    // The catalogue changed meanwhile: refused.
    await put('BANH-MI', { name: 'Bánh mì thịt', unitPrice: 21_000, taxRate: 0.08, category: 'Đồ ăn' });
    const stale = await apply(base64(good), seen.json.data.token);
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(
      'Danh mục hoặc tệp đã thay đổi từ lúc xem trước: hãy xem trước lại rồi mới nhập.',
    );
    expect(await skus('search=SUA-CHUA')).toEqual([]);

    const again = await preview(base64(good));
    const done = await apply(base64(good), again.json.data.token);
    expect(done.status, done.body).toBe(200);
    expect(done.json.data).toEqual({ created: 1, changed: 1, unchanged: 0 });
    expect((await list('search=SUA-CHUA')).items[0]).toMatchObject({
      name: 'Sữa chua',
      unit: 'hộp',
      unitPrice: 12_000,
      taxRate: 0.08,
      barcode: '8930000000017',
      category: 'Đồ ăn',
      favourite: true,
      costPrice: 7_000,
      active: true,
    });
    expect((await list('search=BANH-MI')).items[0]).toMatchObject({ unitPrice: 22_000 });
    const [entry] = auditOf('products:import');
    expect(entry?.action).toBe('products-imported');
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({
      format: 'csv',
      created: ['SUA-CHUA'],
      changed: ['BANH-MI'],
      unchanged: 0,
    });
  });

  it('lets two products swap their barcodes within one file, and reads a semicolon-separated file', async () => {
    await put('A1', { name: 'Hàng A', unitPrice: 1_000, taxRate: 0.1, barcode: '111' });
    await put('B1', { name: 'Hàng B', unitPrice: 1_000, taxRate: 0.1, barcode: '222' });
    const file = csv(
      'Mã SKU;Tên hàng;Đơn giá;Thuế suất (%);Mã vạch',
      'A1;Hàng A;1.000;10;222',
      'B1;Hàng B;1.000;10 %;111',
    );
    const seen = await preview(base64(file));
    expect(seen.json.data.errors).toEqual([]);
    expect(seen.json.data.changed.map((c: { fields: string[] }) => c.fields)).toEqual([['Mã vạch'], ['Mã vạch']]);
    expect((await apply(base64(file), seen.json.data.token)).status).toBe(200);
    expect((await list('search=222')).items.map((p) => p.sku)).toEqual(['A1']);
    expect((await list('search=111')).items.map((p) => p.sku)).toEqual(['B1']);
  });

  it('exports the catalogue as CSV and XLSX, and an export imported again changes nothing', async () => {
    const text = await node.request('GET', '/products/export?format=csv');
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = text.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Mã SKU,Tên hàng,Đơn vị tính,Đơn giá,Thuế suất (%),Loại thuế,Được giảm thuế GTGT,Mã vạch,Nhóm hàng,Yêu thích,Giá vốn,Đang bán',
    );
    expect(lines).toContain('SUA-CHUA,Sữa chua,hộp,12000,8,Chịu thuế,Có,8930000000017,Đồ ăn,Có,7000,Có');
    const back = await preview(base64(text.body));
    expect(back.json.data).toMatchObject({ created: [], changed: [], errors: [] });
    expect(back.json.data.unchanged).toBe(back.json.data.rows);

    const xlsx = await node.app.inject({
      method: 'GET',
      url: '/api/v1/products/export?format=xlsx',
      headers: { authorization: `Bearer ${node.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Hàng hóa');
    expect(sheet.getRow(1).getCell(1).value).toBe('Mã SKU');
    const fromXlsx = await preview(xlsx.rawPayload.toString('base64'), 'xlsx');
    expect(fromXlsx.json.data).toMatchObject({ created: [], changed: [], errors: [], unchanged: back.json.data.rows });
  });

  it('reads an XLSX file written by a spreadsheet, percentages and numbers as cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['Mã SKU', 'Tên hàng', 'Đơn giá', 'Thuế suất (%)', 'Mã vạch']);
    sheet.addRow(['XL-1', 'Hàng từ Excel', 15000, 0.05, 8930000000024]);
    sheet.getCell('D2').numFmt = '0%';
    sheet.addRow(['XL-2', '', 15000, 10]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const r = await preview(bytes.toString('base64'), 'xlsx');
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.created).toEqual([{ row: 2, sku: 'XL-1', name: 'Hàng từ Excel' }]);
    expect(r.json.data.errors).toEqual([{ row: 3, message: 'Tên hàng: không được để trống.' }]);
  });

  it('answers 400 in Vietnamese to a file it cannot read, and changes nothing', async () => {
    const notXlsx = await preview(base64('not a workbook'), 'xlsx');
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.json.error.message).toBe('Tệp không phải là bảng tính Excel (.xlsx) đọc được.');
    const noHeader = await preview(base64(csv('a,b', '1,2')));
    expect(noHeader.json.error.message).toBe(
      'Dòng tiêu đề thiếu cột: Mã SKU, Tên hàng, Đơn giá, Thuế suất (%) (xem mẫu trong tệp xuất danh mục).',
    );
    const format = await node.request('POST', '/products/import/preview', { body: { format: 'ods', file: 'AA==' } });
    expect(format.status).toBe(400);
    expect(format.json.error.details[0].message).toBe('Định dạng tệp phải là xlsx hoặc csv.');
    const garbage = await node.request('POST', '/products/import/preview', { body: { format: 'csv', file: '%%%' } });
    expect(garbage.json.error.details[0].message).toBe('Tệp không đúng dạng base64.');
    const token = await node.request('POST', '/products/import', { body: { format: 'csv', file: 'AA==', token: 'x' } });
    expect(token.json.error.details[0].message).toBe('Mã xem trước không hợp lệ.');
    const quote = await preview(base64('Mã SKU,Tên hàng,Đơn giá,Thuế suất (%)\r\n"A,B'));
    expect(quote.json.error.message).toBe('Tệp CSV có một ô mở ngoặc kép mà không đóng.');
  });
});

describe('the list in pages', () => {
  it('pages a category by 20: every product once, in name order, with the filter kept', async () => {
    for (let i = 1; i <= 25; i++) {
      const sku = `OP-${String(i).padStart(2, '0')}`;
      const r = await put(sku, {
        name: `Ốp lưng mẫu ${String(i).padStart(2, '0')}`,
        unit: 'cái',
        unitPrice: 50_000,
        taxRate: 0.1,
        category: 'Phụ kiện điện thoại',
      });
      expect(r.status, r.body).toBe(200);
    }
    const category = `category=${encodeURIComponent('Phụ kiện điện thoại')}`;
    const first = await list(`${category}&pageSize=20&page=1`);
    const second = await list(`${category}&pageSize=20&page=2`);
    expect(first).toMatchObject({ total: 25, totalPages: 2 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(5);
    const all = [...first.items, ...second.items].map((p) => p.sku);
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `OP-${String(i + 1).padStart(2, '0')}`));
    // A search within the category pages the same way.
    const found = await list(`${category}&search=${encodeURIComponent('op lung mau 2')}&pageSize=2&page=2`);
    expect(found).toMatchObject({ total: 6, totalPages: 3 });
    expect(found.items.map((p) => p.sku)).toEqual(['OP-22', 'OP-23']); // 20 to 25 match, 2 a page
    expect((await list(`${category}&pageSize=20&page=3`)).items).toEqual([]);
  });
});
