/** The one table of the HQ console's screens: their URLs, names and who may open them. */
import type { Session } from './api/client';

type Role = Session['user']['role'];

export interface Screen {
  path: string;
  label: string;
  nav: boolean;
  /** Roles that may open it; every role when absent. */
  roles?: readonly Role[];
}

export const SCREENS = {
  overview: { path: '/', label: 'Tổng quan', nav: true },
  stores: { path: '/cua-hang', label: 'Cửa hàng', nav: true },
  store: { path: '/cua-hang/:id', label: 'Cửa hàng', nav: false },
  invoices: { path: '/hoa-don', label: 'Hóa đơn', nav: true },
  invoice: { path: '/hoa-don/:store/:id', label: 'Hóa đơn', nav: false },
  taxProblems: { path: '/loi-co-quan-thue', label: 'Lỗi cơ quan thuế', nav: true },
  catalogue: { path: '/hang-hoa', label: 'Hàng hóa và cài đặt', nav: true },
  users: { path: '/nguoi-dung', label: 'Người dùng', nav: true, roles: ['owner', 'admin'] },
} satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

export const allowed = (screen: Screen, role: Role) => !screen.roles || screen.roles.includes(role);
