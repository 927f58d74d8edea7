/**
 * The settings documents and their defaults. Each is validated with its zod schema when read, so a
 * document written by an older version gains new fields from the defaults.
 */
import { z } from 'zod';
import { KY_HIEU_PATTERN, MAU_SO_PATTERN, defaultKyHieu } from '../domain/numbering.js';

export const templateSettingsSchema = z.object({
  mauSo: z.string().regex(MAU_SO_PATTERN, 'mauSo là một chữ số từ 1 đến 9.'),
  kyHieu: z
    .string()
    .regex(KY_HIEU_PATTERN, 'kyHieu gồm 6 ký tự: C/K, 2 số năm, loại hóa đơn (T, D, L, M, N, B, G, H, X), 2 chữ in hoa.'),
  templateName: z.string().trim().min(1).max(200),
});
export type TemplateSettings = z.infer<typeof templateSettingsSchema>;

export const sellerSchema = z.object({
  name: z.string().trim().min(1).max(400),
  mst: z.string().max(14),
  address: z.string().max(400).default(''),
  phone: z.string().max(40).default(''),
  email: z.string().max(200).default(''),
});

export const storeConfigSchema = z.object({
  storeId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  storeName: z.string().trim().min(1).max(200),
  seller: sellerSchema,
  taxRates: z.array(z.number().min(0).max(1)).min(1).max(10),
  strictBuyerMst: z.boolean(),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;

export const SETTINGS_DEFAULTS = {
  templates: (year: number): TemplateSettings => ({
    mauSo: '1',
    kyHieu: defaultKyHieu(year),
    templateName: 'Hóa đơn giá trị gia tăng (máy tính tiền)',
  }),
  config: (): StoreConfig => ({
    storeId: 'store-1',
    storeName: 'Cửa hàng hoadon',
    seller: { name: 'Cửa hàng hoadon', mst: '', address: '', phone: '', email: '' },
    taxRates: [0, 0.05, 0.08, 0.1],
    strictBuyerMst: false,
  }),
};
