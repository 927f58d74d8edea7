/**
 * Which screens exist, at which URL, for which role (docs/decisions.md §2): a cashier sells, prints and closes the
 * day; an accountant reads invoices, customers and reports and corrects invoices; an admin does everything.
 * A screen a role may not use is not offered; the node refuses its API calls anyway.
 */
import type { Role } from './auth/session';

export interface Screen {
  path: string;
  label: string;
  roles: readonly Role[];
  /** Shown in the navigation (detail pages are reached from their list). */
  nav: boolean;
}

const ALL: readonly Role[] = ['admin', 'cashier', 'accountant'];
const ADMIN: readonly Role[] = ['admin'];

export const SCREENS = {
  today: { path: '/', label: 'Hôm nay', roles: ['admin', 'accountant'], nav: true },
  till: { path: '/till', label: 'Bán hàng', roles: ['admin', 'cashier'], nav: true },
  invoices: { path: '/invoices', label: 'Hóa đơn', roles: ALL, nav: true },
  invoice: { path: '/invoices/:id', label: 'Chi tiết hóa đơn', roles: ALL, nav: false },
  receipt: { path: '/invoices/:id/receipt', label: 'In hóa đơn 80 mm', roles: ALL, nav: false },
  shifts: { path: '/shifts', label: 'Ca thu ngân', roles: ALL, nav: true },
  endOfDay: { path: '/end-of-day', label: 'Chốt ca cuối ngày', roles: ['admin', 'cashier', 'accountant'], nav: true },
  customers: { path: '/customers', label: 'Khách hàng', roles: ['admin', 'accountant'], nav: true },
  customer: { path: '/customers/:id', label: 'Chi tiết khách hàng', roles: ['admin', 'accountant'], nav: false },
  catalogue: { path: '/catalogue', label: 'Hàng hóa', roles: ['admin', 'accountant'], nav: true },
  reports: { path: '/reports', label: 'Báo cáo', roles: ['admin', 'accountant'], nav: true },
  settings: { path: '/settings', label: 'Cài đặt', roles: ADMIN, nav: true },
  goingLive: { path: '/settings/going-live', label: 'Bắt đầu xuất hóa đơn thật', roles: ADMIN, nav: false },
  users: { path: '/users', label: 'Người dùng', roles: ADMIN, nav: true },
} satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

export const ROLE_NAMES: Record<Role, string> = {
  admin: 'Quản trị',
  cashier: 'Thu ngân',
  accountant: 'Kế toán',
};

/** Where a role lands after sign-in when no page was asked for. */
export function homeOf(role: Role): string {
  return role === 'cashier' ? SCREENS.till.path : SCREENS.today.path;
}

export function allowed(screen: Screen, role: Role): boolean {
  return screen.roles.includes(role);
}
