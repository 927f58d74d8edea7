/** Baskets as Vietnamese shops sell them, shared by the line, XML, PDF and ledger tests. */

/**
 * The example: 2 × 100,000 at 10 % with a 10 % discount, 50,000 of KCT goods, a promotion listed at
 * 30,000, a trade discount of 10,000 at 10 %: base at 10 % 170,000, tax 17,000, KCT 50,000, total 237,000.
 */
export const SELLING_EXAMPLE_ITEMS = [
  { name: 'Áo thun', sku: 'AO-1', unit: 'cái', quantity: 2, unitPrice: 100_000, taxRate: 0.1, discountRate: 0.1 },
  { name: 'Sách giáo khoa', sku: 'SGK-1', unit: 'cuốn', quantity: 1, unitPrice: 50_000, taxCategory: 'KCT' },
  { name: 'Móc khóa tặng kèm', unit: 'cái', quantity: 1, unitPrice: 30_000, taxRate: 0.1, kind: 'promotion' },
  { name: 'Chiết khấu thương mại', quantity: 1, unitPrice: 10_000, taxRate: 0.1, kind: 'tradeDiscount' },
];

export const SELLING_EXAMPLE_TOTALS = {
  subtotal: 220_000,
  taxAmount: 17_000,
  total: 237_000,
  discountTotal: 30_000,
  byRate: [
    { taxGroup: 'KCT', category: 'KCT', amount: 50_000, tax: 0, total: 50_000 },
    { taxGroup: '10%', rate: 0.1, amount: 170_000, tax: 17_000, total: 187_000 },
  ],
};
