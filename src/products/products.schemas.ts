/** The catalogue's zod schemas, once: the routes, the import's rows and the OpenAPI document read them. */
import { z } from 'zod';
import { XML_FIELD_LIMITS } from '../domain/xml-field-limits.js';
import { pageOf, pageQuery } from '../http/envelope.js';
import { searchText, storedText } from '../http/fields.js';

export const TAX_CATEGORIES = ['goods', 'KCT', 'KKKNT'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const sku = z
  .string()
  .regex(/^[A-Za-z0-9._:-]+$/, 'Mã SKU gồm ký tự chữ, số, dấu chấm, gạch dưới, gạch ngang.')
  .max(XML_FIELD_LIMITS.itemSku.max, `Mã SKU có tối đa ${XML_FIELD_LIMITS.itemSku.max} ký tự.`);

export const barcode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,48}$/, 'Mã vạch gồm 1–48 chữ số, chữ cái hoặc gạch ngang.');

export const categoryText = storedText(60).min(1, 'Nhóm hàng không được để trống.');

const money = (what: string) =>
  z
    .number(`${what} phải là một số.`)
    .min(0, `${what} không được âm.`)
    .max(1e12, `${what} tối đa 1.000.000.000.000 đồng.`);

/**
 * What the store's admin writes for a product (PUT /products/:sku and each row of an import). A field left
 * out takes its default: no barcode, no category, not a favourite, no cost price, active.
 */
export const productFields = z.strictObject({
  name: storedText(XML_FIELD_LIMITS.itemName.max).min(1, 'Tên sản phẩm không được để trống.'),
  unit: storedText(XML_FIELD_LIMITS.itemUnit.max).optional(),
  unitPrice: money('Đơn giá').describe('The price as the shop states it (with VAT when pricesIncludeVat is on)'),
  taxRate: z.number('Thuế suất phải là một số.'),
  vatReductionEligible: z
    .boolean()
    .optional()
    .describe('false: left out of the VAT reduction (the decree annexes); never sold at 8 %. Default true.'),
  taxCategory: z
    .enum(TAX_CATEGORIES)
    .optional()
    .describe('The category a line without one takes: goods (default), KCT, KKKNT.'),
  barcode: barcode.optional().describe('The code on the pack, apart from the SKU; unique in the catalogue'),
  category: categoryText.optional().describe('The shop’s own grouping (the till’s category buttons)'),
  favourite: z.boolean().optional().describe('Shown first among the till’s tiles. Default false.'),
  costPrice: money('Giá vốn').optional().describe('What the shop pays for one unit, in đồng; never on an invoice'),
  active: z.boolean().optional().describe('false: deactivated, out of the till. Default true.'),
});
export type ProductFields = z.infer<typeof productFields>;

export const product = z.object({
  sku: z.string(),
  name: z.string(),
  unit: z.string().optional(),
  unitPrice: z.number(),
  taxRate: z.number(),
  vatReductionEligible: z.boolean(),
  taxCategory: z.enum(TAX_CATEGORIES).optional(),
  barcode: z.string().optional(),
  category: z.string().optional(),
  favourite: z.boolean(),
  costPrice: z.number().optional().describe('Admin and accountant only'),
  active: z.boolean(),
  sold: z.boolean().describe('true once an invoice sold it: it can be deactivated, never deleted'),
});
export type Product = z.infer<typeof product>;

const flag = z.enum(['true', 'false'], 'Giá trị phải là true hoặc false.').transform((v) => v === 'true');

export const listQuery = z.object({
  search: searchText(200).optional().describe('The accent-free name anywhere, the SKU’s start or the whole barcode'),
  category: searchText(60).optional().describe('Only this category'),
  active: flag.optional().describe('true: only products on sale; false: only deactivated ones'),
  ...pageQuery,
});

export const productPage = pageOf(product);

export const FILE_FORMATS = ['xlsx', 'csv'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** An import's file travels as base64 in JSON, as the certificate's does (the 1 MiB body limit holds). */
export const importBody = z.strictObject({
  format: z.enum(FILE_FORMATS, 'Định dạng tệp phải là xlsx hoặc csv.'),
  file: z
    .string()
    .min(1, 'Chưa chọn tệp.')
    .max(1_000_000, 'Tệp quá lớn.')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Tệp không đúng dạng base64.')
    .describe('The file, base64'),
});

export const applyBody = importBody.extend({
  token: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Mã xem trước không hợp lệ.')
    .describe('The token of the preview this apply confirms'),
});

const changeRow = z.object({ row: z.number().int(), sku: z.string(), name: z.string() });
export const importPreview = z.object({
  token: z.string().describe('Echoed by POST /products/import: the apply is refused if the plan differs'),
  rows: z.number().int().describe('Rows of products read from the file'),
  created: z.array(changeRow),
  changed: z.array(changeRow.extend({ fields: z.array(z.string()).describe('The Vietnamese names of what changes') })),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});

export const exportQuery = z.object({
  format: z.enum(FILE_FORMATS, 'Định dạng phải là xlsx hoặc csv.').default('xlsx'),
});
