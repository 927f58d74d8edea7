/** Every word of the HQ console that is not a screen's own (roles, statuses, tax groups), in Vietnamese. */
import type { Session } from './api/client';

export const ROLE_NAMES: Record<Session['user']['role'], string> = {
  owner: 'Chủ chuỗi',
  accountant: 'Kế toán',
  manager: 'Quản lý cửa hàng',
  admin: 'Mã quản trị',
};

export const STATUS_NAMES: Record<string, string> = {
  pending: 'Chờ phát hành',
  issued: 'Đã phát hành',
  adjusted: 'Đã điều chỉnh',
  replaced: 'Đã thay thế',
  error: 'Có sai sót',
};

export const statusName = (status: string) => STATUS_NAMES[status] ?? 'Trạng thái khác';

/** A rollup's tax group as the invoice prints it: `10 %`, `Không chịu thuế`, … */
export function taxGroupName(group: string): string {
  if (group === 'KCT') return 'Không chịu thuế (KCT)';
  if (group === 'KKKNT') return 'Không kê khai, nộp thuế (KKKNT)';
  if (group === '?') return 'Chưa rõ thuế suất';
  if (group.startsWith('KHAC:')) return `Thuế suất khác ${group.slice(5).replace('.', ',')}\u00a0%`;
  return group.replace('%', '\u00a0%');
}

export const T = {
  brand: 'hoadon · Trụ sở',
  skip: 'Chuyển đến nội dung',
  signedInAs: 'Đăng nhập:',
  signOut: 'Đăng xuất',
  menu: 'Danh mục',
  notFound: 'Không tìm thấy trang này',
  notAllowed: 'Vai trò của bạn không được dùng chức năng này.',
  loading: 'Đang tải…',
  retry: 'Thử lại',
};
