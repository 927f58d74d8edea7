/** What the till tests do to a till: scan a product as a barcode scanner does, and count the invoices. */
import type { Page } from 'playwright-core';
import { type ConsoleNode, poll } from './browser.js';

export async function invoiceCount(target: ConsoleNode): Promise<number> {
  const r = await target.node.request('GET', '/invoices?pageSize=1');
  return r.json.data.total as number;
}

/** Types the text into the search and presses Enter; resolves once the till has emptied it for the next scan. */
export async function scan(page: Page, text: string): Promise<void> {
  const search = page.getByLabel(/Tìm sản phẩm/);
  await search.fill(text);
  await search.press('Enter');
  await poll(() => search.inputValue()).toBe('');
}
