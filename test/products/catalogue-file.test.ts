/** How a catalogue file is read (src/products/catalogue-file.ts): CSV as spreadsheets write it, Vietnamese numbers. */
import { describe, expect, it } from 'vitest';
import { amount, csvLine, parseCsv, productCells, readRows } from '../../src/products/catalogue-file.js';
import type { ProductRow } from '../../src/products/products.repository.js';

const values = (text: string) => parseCsv(text).map((row) => row.map((c) => c.value));

describe('reading a CSV', () => {
  it('takes quoted fields with separators, quotes and line breaks, a BOM, CRLF or LF, and a last line without one', () => {
    expect(values('\uFEFFa,"b,c","say ""hi"""\r\n"two\nlines",,x\ny')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', null, 'x'],
      ['y'],
    ]);
  });

  it('uses the header line’s semicolons when it has no comma (a Vietnamese Excel)', () => {
    expect(values('Mã SKU;Tên hàng\r\nA;Bánh, ngọt\r\n')).toEqual([
      ['Mã SKU', 'Tên hàng'],
      ['A', 'Bánh, ngọt'],
    ]);
  });

  it('reads back what the export writes, a formula-like name included', () => {
    const row: ProductRow = {
      sku: 'A-1',
      name: '=HYPERLINK("x")',
      nameKey: '',
      unit: 'cái',
      unitPrice: 1500.5,
      taxRate: 0.08,
      source: 'hq',
      updatedAt: '',
      vatReductionEligible: 0,
      taxCategory: 'KCT',
      barcode: '0012345',
      category: 'Đồ; ăn',
      favourite: 1,
      costPrice: null,
      active: 0,
      sold: 0,
    };
    const header = csvLine([
      'Mã SKU',
      'Tên hàng',
      'Đơn vị tính',
      'Đơn giá',
      'Thuế suất (%)',
      'Loại thuế',
      'Được giảm thuế GTGT',
      'Mã vạch',
      'Nhóm hàng',
      'Yêu thích',
      'Giá vốn',
      'Đang bán',
    ]);
    const line = csvLine(productCells(row, { csv: true }));
    // The name after an apostrophe, which a spreadsheet hides, so that it is not run as a formula.
    expect(line.startsWith(`A-1,"'=HYPERLINK(""x"")",`)).toBe(true);
    const { rows } = readRows(parseCsv(header + line));
    expect(rows[0]).toEqual({
      row: 2,
      problems: [],
      fields: {
        sku: 'A-1',
        name: '=HYPERLINK("x")',
        unit: 'cái',
        unitPrice: 1500.5,
        taxRate: 0.08,
        taxCategory: 'KCT',
        vatReductionEligible: false,
        barcode: '0012345',
        category: 'Đồ; ăn',
        favourite: true,
        costPrice: null,
        active: false,
      },
    });
  });
});

describe('numbers as a shop writes them', () => {
  it.each([
    ['25.000', 25_000],
    ['1.234.567', 1_234_567],
    ['25.000 ₫', 25_000],
    ['25000đ', 25_000],
    ['0,5', 0.5],
    ['1.500,25', 1500.25],
    ['2.5', 2.5],
    ['25000', 25_000],
  ])('%s is %d', (text, value) => expect(amount(text)).toBe(value));

  it('refuses what is not a number, naming it', () => {
    expect(() => amount('mười')).toThrow('"mười" không phải là một số.');
    expect(() => amount('1,2,3')).toThrow();
  });
});
