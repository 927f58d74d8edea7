/**
 * The settings documents and their defaults. Each is validated with its zod schema when read, so a
 * document written by an older version gains new fields from the defaults.
 */
import { z } from 'zod';
import { ROLES } from '../auth/roles.js';
import { CASH_ROUNDING_STEPS } from '../domain/cash-rounding.js';
import { checkMst } from '../domain/mst.js';
import { defaultKyHieu, KY_HIEU_PATTERN, MAU_SO_PATTERN } from '../domain/numbering.js';
import { SHIPPED_VAT_REDUCTION_WINDOWS } from '../domain/vat-reduction.js';
import { XML_FIELD_LIMITS } from '../domain/xml-field-limits.js';
import { storedText } from '../http/fields.js';

export const templateSettingsSchema = z.object({
  mauSo: z.string().regex(MAU_SO_PATTERN, 'mauSo là một chữ số từ 1 đến 9.'),
  kyHieu: z
    .string()
    .regex(
      KY_HIEU_PATTERN,
      'kyHieu gồm 6 ký tự: C/K, 2 số năm, loại hóa đơn (T, D, L, M, N, B, G, H, X), 2 chữ in hoa.',
    ),
  templateName: storedText(200).min(1),
});
export type TemplateSettings = z.infer<typeof templateSettingsSchema>;

export const AUTOMATION_CHANNELS = ['WEB', 'POS', 'ADMIN'] as const;

export const automationSettingsSchema = z.object({
  autoIssueOnPaid: z.boolean(),
  channels: z
    .array(z.enum(AUTOMATION_CHANNELS))
    .max(3)
    .refine((c) => new Set(c).size === c.length, 'Kênh bị lặp.'),
  delayMinutes: z.number().int().min(0).max(1440),
  notifyOnIssue: z.boolean(),
  notifyOnError: z.boolean(),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

const roleList = z
  .array(z.enum(ROLES))
  .max(3)
  .refine((r) => new Set(r).size === r.length, 'Vai trò bị lặp.');

/** The account a VietQR at the till pays into (src/domain/vietqr.ts); null until the owner enters it. */
export const bankAccountSchema = z.strictObject({
  bin: z.string().regex(/^\d{6}$/, 'Mã BIN ngân hàng gồm 6 chữ số (ví dụ 970436 Vietcombank).'),
  accountNumber: z.string().regex(/^[0-9A-Za-z]{1,19}$/, 'Số tài khoản gồm 1–19 chữ số hoặc chữ cái, không dấu cách.'),
  accountName: storedText(100).min(1, 'Cần tên chủ tài khoản.'),
});
export type BankAccountSetting = z.infer<typeof bankAccountSchema>;

/**
 * The till: the bank account of transfer payments, which roles may sell a line not in the catalogue or change
 * a line's price (the console holds to them; the node takes any line a POS posts), printing the receipt
 * as soon as an invoice is issued, whether the shop's prices include VAT ("Giá bán đã gồm thuế GTGT", which
 * the till sends as `pricesIncludeVat`) and the step a cash total is rounded to (docs/invoices.md).
 */
export const tillSettingsSchema = z.strictObject({
  bankAccount: bankAccountSchema.nullable(),
  freeLineRoles: roleList,
  priceChangeRoles: roleList,
  autoPrintReceipt: z.boolean(),
  pricesIncludeVat: z.boolean(),
  cashRounding: z.union(
    CASH_ROUNDING_STEPS.map((step) => z.literal(step)),
    {
      error: 'Làm tròn tiền mặt: 0, 100, 500 hoặc 1000 đồng.',
    },
  ),
});
export type TillSettings = z.infer<typeof tillSettingsSchema>;

export const planDocumentSchema = z.object({
  planName: z.string().trim().min(1).max(100),
  invoiceLimit: z.number().int().min(0),
  storageLimitMb: z.number().int().min(0),
  features: z.array(z.object({ name: z.string().min(1).max(100), available: z.boolean() })).max(50),
});
export type PlanDocument = z.infer<typeof planDocumentSchema>;

const optionalMst = z
  .string()
  .trim()
  .refine(
    (mst) => mst === '' || checkMst(mst).ok,
    'Mã số thuế người bán không hợp lệ (10 hoặc 13 chữ số, đúng chữ số kiểm tra).',
  );

/** Empty name or MST: the seller is not set yet and the node is in demo mode (node-mode.ts). */
export const sellerSchema = z.object({
  name: storedText(XML_FIELD_LIMITS.sellerName.max),
  mst: optionalMst,
  address: storedText(XML_FIELD_LIMITS.sellerAddress.max),
  phone: storedText(40),
  email: z.union([z.literal(''), z.email().max(254)]),
});

export const storeConfigSchema = z.object({
  storeId: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'storeId gồm ký tự chữ, số, gạch dưới, gạch ngang.')
    .max(XML_FIELD_LIMITS.storeId.max, `storeId có tối đa ${XML_FIELD_LIMITS.storeId.max} ký tự.`),
  storeName: storedText(XML_FIELD_LIMITS.storeName.max).min(1),
  seller: sellerSchema,
  taxRates: z
    .array(z.number().min(0).max(1))
    .min(1)
    .max(10)
    .refine((r) => new Set(r).size === r.length, 'Thuế suất bị lặp.'),
  strictBuyerMst: z.boolean(),
  headquarters: z.object({
    url: z.url().nullable(),
    syncIntervalSeconds: z.number().int().min(5).max(86_400),
  }),
  transmission: z.object({
    adapter: z.enum(['embedded', 'http']),
    url: z.url().nullable(),
  }),
  /** The five characters the tax authority assigned to the seller for cash-register codes (demo default). */
  authorityCodePrefix: z
    .string()
    .regex(/^[A-Z0-9]{5}$/, 'authorityCodePrefix gồm 5 chữ in hoa hoặc số do cơ quan thuế cấp.'),
  /** Store-local time (HH:MM) at which the end-of-day aggregate is computed. */
  endOfDayAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'endOfDayAt có dạng HH:MM.'),
  /**
   * The seller's invoice lookup portal (trang tra cứu hóa đơn), printed on every invoice with its lookup
   * code; `{code}` in it is replaced by the code, otherwise `ma=<code>` is added to its query. Null: no
   * portal yet, and the print does not invite the buyer to scan for a look-up.
   */
  lookupUrl: z
    .url({ protocol: /^https?$/, error: 'lookupUrl là địa chỉ http(s) của trang tra cứu hóa đơn.' })
    .max(300)
    .nullable(),
  /**
   * "Ký số từng hóa đơn": each invoice signed with the seller's key at issue. Off, invoices are stored
   * unsigned (Decree 123 art. 11 cl. 2(b): a cash-register invoice needs no signature) and only the 206
   * package is signed (docs/delivery.md).
   */
  signEachInvoice: z.boolean(),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;

const isoDate = z.iso.date({ error: 'Ngày có dạng YYYY-MM-DD.' });

/** The rates of the VAT law that no reduction window may claim as its reduced rate. */
const STANDARD_VAT_RATES = [0.05, 0.1];

/** The VAT reduction windows (src/domain/vat-reduction.ts); PUT /settings/vat-reduction replaces the list. */
export const vatReductionSettingsSchema = z.strictObject({
  windows: z
    .array(
      z
        .strictObject({
          from: isoDate,
          to: isoDate,
          // A line at a window's rate needs a window on its date: a standard rate (5 %, 10 %) here would make
          // every sale at it outside the window a 400 (docs/exports.md, "VAT reduction windows").
          reducedRate: z
            .number()
            .gt(0)
            .lt(1)
            .refine((r) => !STANDARD_VAT_RATES.some((s) => Math.abs(r - s) < 1e-9), {
              message: 'Thuế suất giảm (reducedRate) không được là thuế suất thông thường 5% hoặc 10%.',
            }),
          basis: storedText(300).min(1, 'Cần căn cứ pháp lý (nghị quyết, nghị định).'),
        })
        .refine((w) => w.from <= w.to, { message: 'Ngày bắt đầu (from) phải trước ngày kết thúc (to).', path: ['to'] }),
    )
    .max(50),
});
export type VatReductionSettings = z.infer<typeof vatReductionSettingsSchema>;

/**
 * The 01/GTGT return: which line pair KHAC sales go to besides [27]/[34] (docs/exports.md, "KHAC"):
 * [30]/[31] (5 %) or [32]/[33] (10 %).
 */
export const declarationSettingsSchema = z.strictObject({
  khacLines: z.enum(['30/31', '32/33']),
});
export type DeclarationSettings = z.infer<typeof declarationSettingsSchema>;

export const SETTINGS_DEFAULTS = {
  templates: (year: number): TemplateSettings => ({
    mauSo: '1',
    kyHieu: defaultKyHieu(year),
    templateName: 'Hóa đơn giá trị gia tăng (máy tính tiền)',
  }),
  automation: (): AutomationSettings => ({
    autoIssueOnPaid: false,
    channels: ['POS', 'WEB'],
    delayMinutes: 0,
    notifyOnIssue: false,
    notifyOnError: true,
  }),
  plan: (): PlanDocument => ({
    planName: 'Cửa hàng tiêu chuẩn',
    invoiceLimit: 20_000,
    storageLimitMb: 2_048,
    features: [
      { name: 'Xuất hóa đơn khi mất mạng', available: true },
      { name: 'Đồng bộ trụ sở', available: true },
      { name: 'Tự động xuất hóa đơn khi thanh toán', available: true },
      { name: 'Báo cáo và phân tích', available: true },
    ],
  }),
  till: (): TillSettings => ({
    bankAccount: null,
    freeLineRoles: ['admin'],
    priceChangeRoles: ['admin'],
    autoPrintReceipt: false,
    pricesIncludeVat: true,
    cashRounding: 0,
  }),
  config: (): StoreConfig => ({
    storeId: 'store-1',
    storeName: 'Cửa hàng hoadon',
    seller: { name: '', mst: '', address: '', phone: '', email: '' },
    taxRates: [0, 0.05, 0.08, 0.1],
    strictBuyerMst: false,
    headquarters: { url: null, syncIntervalSeconds: 60 },
    transmission: { adapter: 'embedded', url: null },
    authorityCodePrefix: '00000',
    endOfDayAt: '23:55',
    lookupUrl: null,
    signEachInvoice: true,
  }),
  vatReduction: (): VatReductionSettings => ({ windows: SHIPPED_VAT_REDUCTION_WINDOWS.map((w) => ({ ...w })) }),
  declaration: (): DeclarationSettings => ({ khacLines: '32/33' }),
};

export const SETTINGS_DOCUMENTS = {
  templates: templateSettingsSchema,
  automation: automationSettingsSchema,
  plan: planDocumentSchema,
  config: storeConfigSchema,
  till: tillSettingsSchema,
  vatReduction: vatReductionSettingsSchema,
  declaration: declarationSettingsSchema,
} as const;
export type SettingsName = keyof typeof SETTINGS_DOCUMENTS;
