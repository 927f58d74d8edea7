export const ROLES = ['admin', 'cashier', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

export interface AuthenticatedUser {
  id: string;
  username: string;
  role: Role;
}
