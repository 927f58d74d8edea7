/**
 * The "Hàng hóa" screen in Chromium, at a phone's and a PC's width: a file with good and bad rows is previewed
 * (every bad row by number and reason, nothing applied), the corrected file applied, a product edited and one
 * deactivated; axe-clean and in Vietnamese throughout. HOADON_SCREENSHOTS=<dir> saves the screen
 * (docs/console/catalogue-<width>.png).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { invoiceBody } from '../support/test-node.js';
import { consoleUnderTest, poll, signedIn } from './browser.js';
import { screenProblems } from './screen-checks.js';

const t = consoleUnderTest(async (target) => {
  // NUOC-1 sold once: it can be deactivated, never deleted.
  const sale = await target.node.request('POST', '/invoices', {
    body: invoiceBody({
      items: [{ name: 'Nước suối', unit: 'chai', sku: 'NUOC-1', quantity: 1, unitPrice: 10_000, taxRate: 0.1 }],
    }),
  });
  expect(sale.status, sale.body).toBe(201);
});

const HEADER = 'Mã SKU,Tên hàng,Đơn vị tính,Đơn giá,Thuế suất (%),Mã vạch,Nhóm hàng,Yêu thích';
const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Tệp danh mục (.xlsx hoặc .csv)').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Xem trước', exact: true }).click();
  await page.getByRole('heading', { name: 'Xem trước thay đổi' }).waitFor();
}

const product = async (sku: string) =>
  (await t.target.node.request('GET', `/products?search=${sku}`)).json.data.items.find(
    (p: { sku: string }) => p.sku === sku,
  );

describe('the catalogue screen', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ])('imports, edits and deactivates at $width px, axe-clean', async (size) => {
    const n = size.width;
    const page = await signedIn(t.browser, t.target, 'admin', '/catalogue');
    await page.setViewportSize(size);
    await page.getByRole('heading', { name: 'Hàng hóa', level: 1 }).waitFor();
    await page.getByRole('table').first().waitFor();
    const problems: string[] = [];
    problems.push(...(await screenProblems(page, `catalogue at ${n}`)));

    // A file with two good rows and two bad ones: previewed, refused whole.
    const bad = csv(
      `SUA-${n},Sữa chua,hộp,12.000,8,,Đồ ăn,Có`,
      `,Không có mã,cái,1000,10,,,`,
      `BM-01,Bánh mì thịt,ổ,22000,8,,Đồ ăn,Không`,
      `KEO-${n},Kẹo dừa,gói,-5,10,,,`,
    );
    await chooseFile(page, 'hang-hoa.csv', bad);
    const counts = page.getByTestId('import-counts');
    await poll(() => counts.textContent()).toContain('Dòng lỗi: 2');
    expect(await counts.textContent()).toContain('Thêm mới: 1');
    expect(await counts.textContent()).toContain('Thay đổi: 1');
    await page.getByRole('cell', { name: 'Mã SKU: không được để trống.' }).waitFor();
    await page.getByRole('cell', { name: 'Đơn giá: Đơn giá không được âm.' }).waitFor();
    expect(await page.getByRole('row', { name: /^3 Mã SKU: không được để trống/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Nhập vào danh mục' }).isDisabled()).toBe(true);
    problems.push(...(await screenProblems(page, `import preview at ${n}`)));
    expect(await product(`SUA-${n}`)).toBeUndefined();

    // The corrected file: previewed, then applied.
    await chooseFile(
      page,
      'hang-hoa.csv',
      csv(`SUA-${n},Sữa chua,hộp,12.000,8,893000000${n},Đồ ăn,Có`, `KEO-${n},Kẹo dừa,gói,5.000,10,,Đồ ăn,Không`),
    );
    await poll(() => counts.textContent()).toContain('Dòng lỗi: 0');
    await page.getByRole('button', { name: 'Nhập vào danh mục' }).click();
    await page.getByText('Đã nhập: 2 hàng hóa mới, 0 hàng hóa thay đổi.').waitFor();
    expect(await product(`SUA-${n}`)).toMatchObject({
      unitPrice: 12_000,
      taxRate: 0.08,
      category: 'Đồ ăn',
      favourite: true,
      barcode: `893000000${n}`,
    });

    // Edit a product: its price as the shop states it, a category and a cost price.
    await page.getByRole('searchbox', { name: 'Tìm theo tên, mã SKU hoặc mã vạch' }).fill('banh mi');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await page.getByRole('button', { name: 'Sửa Bánh mì thịt' }).click();
    const form = page.getByRole('form', { name: 'Sửa hàng hóa BM-01' });
    await form.getByLabel('Giá bán (đã gồm thuế GTGT, đồng)').fill(n === 390 ? '21.000' : '23.000');
    await form.getByLabel('Nhóm hàng', { exact: true }).fill('Đồ ăn');
    await form.getByLabel('Giá vốn (đồng)').fill('9.000');
    problems.push(...(await screenProblems(page, `product form at ${n}`)));
    await form.getByRole('button', { name: 'Lưu hàng hóa' }).click();
    await page.getByText('Đã lưu hàng hóa BM-01.').waitFor();
    expect(await product('BM-01')).toMatchObject({
      unitPrice: n === 390 ? 21_000 : 23_000,
      category: 'Đồ ăn',
      costPrice: 9_000,
      active: true,
    });

    // Deactivate the sold product: it leaves the list of products on sale and the till, and comes back.
    await page.getByRole('searchbox', { name: 'Tìm theo tên, mã SKU hoặc mã vạch' }).fill('NUOC-1');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await page.getByRole('button', { name: 'Ngừng bán Nước suối' }).click();
    await page.getByText('Đã ngừng bán NUOC-1: hàng hóa không còn ở quầy bán hàng.').waitFor();
    expect((await product('NUOC-1')).active).toBe(false);
    await poll(() => page.getByRole('button', { name: 'Ngừng bán Nước suối' }).count()).toBe(0);
    await page.getByLabel('Trạng thái').selectOption('inactive');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await page.getByRole('button', { name: 'Bán lại Nước suối' }).waitFor();
    problems.push(...(await screenProblems(page, `deactivated at ${n}`)));
    const dir = process.env.HOADON_SCREENSHOTS;
    if (dir) {
      await page.getByLabel('Trạng thái').selectOption('all');
      await page.getByRole('searchbox', { name: 'Tìm theo tên, mã SKU hoặc mã vạch' }).fill('');
      await page.getByRole('button', { name: 'Tìm', exact: true }).click();
      await page.getByRole('button', { name: 'Bán lại Nước suối' }).waitFor();
      await page.screenshot({ path: join(dir, `catalogue-${n}.png`), fullPage: true });
    }
    await page.getByRole('button', { name: 'Bán lại Nước suối' }).click();
    await page.getByText('Đã bán lại NUOC-1.').waitFor();
    expect((await product('NUOC-1')).active).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('gives the till its categories and favourites, finds a scanned barcode, and leaves a deactivated product out', async () => {
    const node = t.target.node;
    const put = async (sku: string, body: Record<string, unknown>) =>
      expect((await node.request('PUT', `/products/${sku}`, { body })).status).toBe(200);
    await put('TRA-CHANH', {
      name: 'Trà chanh',
      unit: 'ly',
      unitPrice: 15_000,
      taxRate: 0.08,
      category: 'Đồ uống',
      favourite: true,
      barcode: '8930000000999',
    });
    await put('KEM-1', { name: 'Kem dừa', unit: 'ly', unitPrice: 18_000, taxRate: 0.08, category: 'Tráng miệng' });
    await node.request('PUT', '/products/KEM-1/active', { body: { active: false } });
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    const tiles = page.getByRole('region', { name: 'Sản phẩm' }).or(page.locator('section.tiles'));
    await tiles
      .getByRole('button', { name: /^Thêm / })
      .first()
      .waitFor();
    // Favourites first (the imported Sữa chua is one too); a category button; no tile of the deactivated product.
    const labels = await tiles
      .getByRole('button', { name: /^Thêm / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    const favourite = (label: string) => /^Thêm (Trà chanh|Sữa chua),/.test(label);
    const firstOther = labels.findIndex((label) => !favourite(label));
    expect(firstOther).toBeGreaterThan(0);
    expect(labels.slice(firstOther).filter(favourite)).toEqual([]);
    expect(labels.filter((label) => label.startsWith('Thêm Trà chanh,'))).toHaveLength(1);
    expect(await tiles.getByRole('button', { name: 'Đồ uống' }).count()).toBe(1);
    expect(await tiles.getByRole('button', { name: 'Tráng miệng' }).count()).toBe(0);
    expect(await tiles.getByRole('button', { name: /^Thêm Kem dừa/ }).count()).toBe(0);
    // A scanner types the barcode and Enter.
    const search = page.getByLabel(/Tìm sản phẩm/);
    await search.fill('8930000000999');
    await search.press('Enter');
    await poll(() => page.getByLabel('Số lượng Trà chanh').count()).toBe(1);
    await search.fill('Kem dừa');
    await poll(() => page.locator('#product-search-message').textContent()).toBe('Không tìm thấy sản phẩm nào.');
    expect(await page.getByRole('button', { name: /Kem dừa/ }).count()).toBe(0);
    await page.close();
  });

  it('lets an accountant read and export, never edit; a cashier has no such screen', async () => {
    const page = await signedIn(t.browser, t.target, 'accountant', '/catalogue');
    await page.getByRole('table').first().waitFor();
    expect(await page.getByRole('button', { name: /^Sửa / }).count()).toBe(0);
    expect(await page.getByLabel('Tệp danh mục (.xlsx hoặc .csv)').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Xuất tệp Excel' }).count()).toBe(1);
    await page.close();
    const till = await signedIn(t.browser, t.target, 'cashier', '/till');
    expect(await till.getByRole('link', { name: 'Hàng hóa' }).count()).toBe(0);
    await till.close();
  });
});
