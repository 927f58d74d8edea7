/**
 * The Vietnamese names of the values the API answers in code (audit actions and actors, sync states, sales
 * channels): the console shows these, never the raw value. An unknown value (a newer node) is named as such
 * rather than shown in English.
 */
import { INVOICE_STATUSES, type InvoiceStatus } from './format';

const AUDIT_ACTIONS: Record<string, string> = {
  created: 'Lập hóa đơn',
  replaced: 'Bị thay thế',
  adjusted: 'Bị điều chỉnh',
  'transmission-accepted': 'Cơ quan thuế đã nhận',
  'error-notice-accepted': 'Thông báo sai sót: đã tiếp nhận',
  'transmission-resent': 'Gửi lại cơ quan thuế',
  'pdf-rendered': 'Tải bản PDF',
  'xml-rendered': 'Tải tệp XML',
  'settings-updated': 'Sửa thiết lập',
  'settings-conflict-lost': 'Thiết lập bị trụ sở ghi đè',
  'receipt-printed': 'In hóa đơn ra máy in',
  'drawer-opened': 'Mở két tiền',
  'period-locked': 'Khóa kỳ đã kê khai',
  'period-unlocked': 'Mở khóa kỳ đã kê khai',
  'product-created': 'Thêm hàng hóa',
  'product-updated': 'Sửa hàng hóa',
  'product-activated': 'Bán lại hàng hóa',
  'product-deactivated': 'Ngừng bán hàng hóa',
  'product-deleted': 'Xóa hàng hóa',
  'products-imported': 'Nhập danh mục hàng hóa',
};

/** The PDF's two formats, named in its audit entry's details. */
const PDF_FORMATS: Record<string, string> = { a4: 'Tải bản PDF A4', receipt: 'Tải hóa đơn 80 mm (PDF)' };

export function auditAction(action: string, details?: Record<string, unknown>): string {
  const status = /^status:(.+)$/.exec(action)?.[1];
  if (status) return `Chuyển trạng thái: ${INVOICE_STATUSES[status as InvoiceStatus] ?? 'khác'}`;
  if (action === 'pdf-rendered' && typeof details?.format === 'string' && PDF_FORMATS[details.format])
    return PDF_FORMATS[details.format] as string;
  return AUDIT_ACTIONS[action] ?? 'Thao tác khác';
}

/** Every audit action the node writes today: test/web/labels.test.ts holds the names to it. */
export const KNOWN_AUDIT_ACTIONS = Object.keys(AUDIT_ACTIONS);

const ACTORS: Record<string, string> = {
  'tax-authority': 'Cơ quan thuế',
  system: 'Hệ thống',
  headquarters: 'Trụ sở',
  hq: 'Trụ sở',
};

/** A system actor by name; a person's user name is theirs and shown as it is. */
export const auditActor = (actor: string) => ACTORS[actor];

export const SYNC_STATES: Record<string, string> = {
  online: 'Đã kết nối',
  offline: 'Mất kết nối',
  'not-configured': 'Chưa kết nối trụ sở',
};

export const syncState = (state: string | undefined) => (state ? (SYNC_STATES[state] ?? 'Không rõ') : '—');

export const SALES_CHANNELS: Record<string, string> = {
  WEB: 'Bán trên web',
  POS: 'Bán tại quầy',
  ADMIN: 'Lập trên trang quản trị',
};
