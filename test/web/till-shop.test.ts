/**
 * The till on the devices of a shop floor (phone, tablets, PC): a sale with a free line, discounts and a
 * weighed item paid in cash with the change; a sale paid by transfer with its VietQR; the receipt printed at
 * 80 mm. And what cannot be sold is said beside its field and blocks the sale.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { crcValid, parseTlv } from '../../src/domain/vietqr.js';
import { consoleUnderTest, poll, signedIn } from './browser.js';
import { SIZES, screenProblems } from './screen-checks.js';
import { invoiceCount, scan } from './till-actions.js';

const BANK = { bin: '970436', accountNumber: '0071000123456', accountName: 'CUA HANG HOA BINH' };
const LONG_NAME = 'Bánh bông lan trứng muối phô mai chà bông gà cay đặc biệt hộp quà tặng Tết Nguyên Đán loại lớn';

const t = consoleUnderTest(async (target) => {
  const products = target.node.node.services.products;
  products.upsertFromHeadquarters({
    sku: 'THIT-BO',
    name: 'Thịt bò Úc',
    unit: 'kg',
    unitPrice: 320_000,
    taxRate: 0.05,
  });
  products.upsertFromHeadquarters({ sku: 'BANH-DAI', name: LONG_NAME, unit: 'hộp', unitPrice: 450_000, taxRate: 0.08 });
  const r = await target.node.request('PATCH', '/settings/till', {
    // Sums of prices before tax here; test/web/till-touch.test.ts sells at shelf prices.
    body: { bankAccount: BANK, freeLineRoles: ['admin', 'cashier'], pricesIncludeVat: false },
  });
  expect(r.status, r.body).toBe(200);
});

const ISSUED = /Đã xuất hóa đơn (1[CK]\d{2}\w+) số (\d{8})/;

async function issued(page: Page): Promise<{ kyHieu: string; number: number }> {
  const status = page.getByText(ISSUED);
  await status.waitFor({ timeout: 20_000 });
  const [, symbol, number] = ISSUED.exec((await status.textContent()) ?? '') ?? [];
  return { kyHieu: symbol?.slice(1) ?? '', number: Number(number) };
}

/** The till of a new tab, with no sale left over from another test (the draft is per browser). */
async function till(size: { width: number; height: number }, role: 'cashier' | 'admin' = 'cashier') {
  const page = await signedIn(t.browser, t.target, role, '/till');
  await page.setViewportSize(size);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('#product-search').waitFor();
  return page;
}

/** Counts the print dialogs the page opens (the browser's beforeprint event). */
async function countPrints(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    addEventListener('beforeprint', () => {
      (window as unknown as { printed: number }).printed += 1;
    });
  });
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** đồng from "490.453 ₫". */
const amountOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function expectIssueButtonInView(page: Page, when: string) {
  const box = await page.getByRole('button', { name: 'Xuất hóa đơn' }).boundingBox();
  const view = page.viewportSize();
  expect(box, when).not.toBeNull();
  if (!box || !view) return;
  expect(box.y >= 0 && box.y + box.height <= view.height && box.x >= 0 && box.x + box.width <= view.width, when).toBe(
    true,
  );
}

async function latestInvoice() {
  const list = await t.target.node.request('GET', '/invoices?pageSize=1');
  const id = list.json.data.items[0].id as string;
  return (await t.target.node.request('GET', `/invoices/${id}`)).json.data;
}

describe.each(SIZES)('the till at $width×$height', (size) => {
  it('sells a free line, a discounted line and a weighed item for cash, showing the change', async () => {
    const page = await till(size);
    const before = await invoiceCount(t.target);
    await scan(page, '8934563138165');
    await scan(page, '8934563138165');
    await scan(page, 'THIT-BO');
    await scan(page, 'BANH-DAI');
    await page.getByRole('button', { name: `Xóa ${LONG_NAME}` }).click();
    await page.getByLabel('Số lượng Thịt bò Úc').fill('1,25');
    await page.getByText('Thêm hàng ngoài danh mục').click();
    await page.getByLabel('Tên hàng', { exact: true }).fill('Sửa khóa kéo');
    await page.getByLabel('Đơn vị tính (ĐVT)').fill('cái');
    await page.getByLabel('Đơn giá (₫)').fill('30.000');
    await page.getByLabel('Thuế suất').selectOption('0.08');
    await page.getByRole('button', { name: 'Thêm vào đơn' }).click();
    await page.getByLabel('Số lượng Sửa khóa kéo').waitFor();
    await page.getByLabel('Chiết khấu Cà phê sữa đá', { exact: true }).fill('10');
    await page.getByLabel('Chiết khấu cả đơn', { exact: true }).fill('10.000');
    await page.getByLabel('Cách tính chiết khấu cả đơn').selectOption('amount');
    // 8 %: 2 × 25.000 − 10 % + 30.000 = 75.000; 5 %: 1,25 × 320.000 = 400.000; less 10.000 spread over the two
    // rates (1.578 and 8.422): 465.000 and a tax of 3.600 + 2.400 + 20.000 − 126 − 421 = 25.453.
    await poll(() => page.getByTestId('sale-total').textContent()).toMatch(/^490\.453\s₫$/);

    const problems = await screenProblems(page, `till with a sale at ${size.width}`, [LONG_NAME]);
    expect(problems).toEqual([]);
    await expectIssueButtonInView(page, 'top of the till');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectIssueButtonInView(page, 'bottom of the till');

    await page.getByLabel('Khách đưa').fill('500.000');
    await poll(() => page.getByTestId('change').textContent()).toMatch(/^9\.547\s₫$/);
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await issued(page);
    expect(await invoiceCount(t.target)).toBe(before + 1);
    const invoice = await latestInvoice();
    expect(invoice.paymentMethod).toBe('TM');
    expect(invoice.totals.total).toBe(490_453);
    expect(invoice.items.find((l: { name: string }) => l.name === 'Thịt bò Úc')).toMatchObject({
      quantity: 1.25,
      unit: 'kg',
      total: 400_000,
    });
    expect(invoice.items.find((l: { name: string }) => l.name === 'Sửa khóa kéo')).toMatchObject({ unit: 'cái' });
    expect(invoice.items.filter((l: { kind?: string }) => l.kind === 'tradeDiscount')).toHaveLength(2);
    await page.close();
  });

  it('shows a VietQR of the total for a transfer, and prints the receipt at 80 mm with one key', async () => {
    const page = await till(size);
    await scan(page, 'NUOC-1');
    await scan(page, 'BM-01');
    await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
    const qr = page.getByTestId('vietqr');
    await qr.waitFor();
    const total = amountOf(await page.getByTestId('sale-total').textContent());
    expect(total).toBe(10_000 + 1_000 + 20_000 + 1_600);
    const payload = (await qr.getAttribute('data-payload')) ?? '';
    expect(crcValid(payload)).toBe(true);
    const fields = parseTlv(payload);
    expect(fields['54']).toBe(String(total));
    expect(fields['53']).toBe('704');
    expect(parseTlv(parseTlv(fields['38'] ?? '')['01'] ?? '')).toEqual({ '00': BANK.bin, '01': BANK.accountNumber });
    expect(parseTlv(fields['62'] ?? '')['08']).toMatch(/^tt [a-z0-9]{10}$/);
    expect(await screenProblems(page, `till with a VietQR at ${size.width}`)).toEqual([]);

    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const { kyHieu, number } = await issued(page);
    const invoice = await latestInvoice();
    expect(invoice.paymentMethod).toBe('CK');

    // One key: the receipt goes to the browser's print dialog from the till's own page, no tab opens.
    let tabs = 0;
    page.context().on('page', () => {
      tabs += 1;
    });
    await countPrints(page);
    await page.keyboard.press('F8');
    await poll(() => printed(page)).toBe(1);
    await poll(() => page.locator('#receipt-sheet').textContent()).toContain(String(number).padStart(8, '0'));
    expect(tabs).toBe(0);

    // The print page's PDF is one roll-wide page: 80 mm = 226.8 pt.
    // (The same tab: its session is the tab's own.)
    const print = page;
    await print.goto(`${t.target.baseUrl}/invoices/${invoice.id}/receipt`);
    await print.locator('.receipt').waitFor();
    expect(await print.locator('.receipt').textContent()).toContain(kyHieu);
    const pdf = await print.pdf({ preferCSSPageSize: true, printBackground: true });
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    expect(Number(box?.[1])).toBeCloseTo((80 / 25.4) * 72, 0);
    // One piece of paper, as long as the receipt.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.close();
  });
});

describe('what cannot be sold', () => {
  it('says why beside the quantity and blocks the sale until it is corrected', async () => {
    const page = await till(SIZES[0]);
    const before = await invoiceCount(t.target);
    await scan(page, 'NUOC-1');
    const quantity = page.getByLabel('Số lượng Nước suối');
    const issue = page.getByRole('button', { name: 'Xuất hóa đơn' });
    for (const [typed, message] of [
      ['-2', 'Số lượng phải lớn hơn 0.'],
      ['0', 'Số lượng phải lớn hơn 0.'],
      ['1,5', 'Hàng tính theo chai chỉ bán số nguyên (1, 2, 3…).'],
      ['hai', 'Số lượng phải là một số, ví dụ 2 hoặc 1,25.'],
      ['', 'Nhập số lượng.'],
    ] as const) {
      await quantity.fill(typed);
      const id = await quantity.getAttribute('id');
      await poll(() => page.locator(`#${id}-error`).textContent()).toBe(message);
      expect(await quantity.getAttribute('aria-invalid')).toBe('true');
      expect(await issue.isDisabled()).toBe(true);
      await page.keyboard.press('F9');
    }
    expect(await invoiceCount(t.target)).toBe(before);
    await quantity.fill('3');
    await poll(() => issue.isDisabled()).toBe(false);
    await poll(() => page.getByTestId('sale-total').textContent()).toMatch(/^33\.000\s₫$/);
    await page.close();
  });

  it('asks whether a 0-đồng line is a promotion, and lets only the allowed roles change a price', async () => {
    const page = await till(SIZES[3]);
    await scan(page, 'BM-01');
    // A cashier sells at the catalogue's price (priceChangeRoles is the admin's alone).
    expect(await page.getByLabel('Đơn giá Bánh mì thịt').count()).toBe(0);
    await page.getByText('Thêm hàng ngoài danh mục').click();
    await page.getByLabel('Tên hàng', { exact: true }).fill('Móc khóa tặng kèm');
    await page.getByLabel('Đơn vị tính (ĐVT)').fill('cái');
    await page.getByLabel('Đơn giá (₫)').fill('0');
    await page.getByRole('button', { name: 'Thêm vào đơn' }).click();
    await page.getByText('Móc khóa tặng kèm có đơn giá 0 ₫. Đây là hàng khuyến mại (tặng kèm)?').waitFor();
    expect(await page.getByRole('button', { name: 'Xuất hóa đơn' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Đúng, hàng khuyến mại' }).click();
    await poll(() => page.getByRole('button', { name: 'Xuất hóa đơn' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await issued(page);
    const invoice = await latestInvoice();
    expect(invoice.items.find((l: { name: string }) => l.name === 'Móc khóa tặng kèm')).toMatchObject({
      kind: 'promotion',
      total: 0,
    });
    await page.close();

    const admin = await till(SIZES[3], 'admin');
    await scan(admin, 'BM-01');
    await admin.getByLabel('Đơn giá Bánh mì thịt').fill('18.000');
    await poll(() => admin.getByTestId('sale-total').textContent()).toMatch(/^19\.440\s₫$/);
    await admin.getByRole('button', { name: 'Hủy đơn' }).click();
    await admin.getByRole('button', { name: 'Đồng ý hủy đơn' }).click();
    await admin.close();
  });
});

describe('the till settings', () => {
  it('prints the receipt by itself after each sale when the owner asks for it', async () => {
    await t.target.node.request('PATCH', '/settings/till', { body: { autoPrintReceipt: true } });
    try {
      const page = await till(SIZES[1]);
      await countPrints(page);
      await scan(page, 'NUOC-1');
      await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
      const { number } = await issued(page);
      await poll(() => printed(page)).toBe(1);
      await poll(() => page.locator('#receipt-sheet').textContent()).toContain(String(number).padStart(8, '0'));
      await page.close();
    } finally {
      await t.target.node.request('PATCH', '/settings/till', { body: { autoPrintReceipt: false } });
    }
  });

  it('takes the bank account in settings, the bank picked by its name', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/settings');
    const bin = page.getByLabel('Ngân hàng', { exact: true });
    await poll(() => bin.inputValue()).toBe(BANK.bin);
    const form = page.locator('#till-settings-title').locator('..');
    await bin.selectOption({ label: 'VietinBank – Ngân hàng TMCP Công thương Việt Nam' });
    await form.getByLabel('Thu ngân').first().check();
    await form.getByRole('button', { name: 'Lưu' }).click();
    await form.getByText('Đã lưu.').waitFor();
    const saved = (await t.target.node.request('GET', '/settings/till')).json.data;
    expect(saved.bankAccount.bin).toBe('970415');
    expect(saved.freeLineRoles).toEqual(['admin', 'cashier']);
    await bin.selectOption(BANK.bin);
    await form.getByRole('button', { name: 'Lưu' }).click();
    await form.getByText('Đã lưu.').waitFor();
    await page.close();
  });
});
