/**
 * Who may do what at HQ (docs/hq.md "Users and roles"). The admin token is the chain's scripts: everything,
 * like an owner. An accountant reads every store; a manager reads only the stores listed on the user, and
 * any other store is answered 404, as if it did not exist. Only an owner (or the token) changes anything.
 */
import { notFound } from '../../src/errors.js';
import type { HqRole } from './users.table.js';

export type HqCaller =
  | { kind: 'admin' }
  | { kind: 'user'; id: string; username: string; role: HqRole; stores: string[] };

/** Who may call a route: `read` every signed-in role, `owner` the owner and the admin token. */
export type HqAccess = 'read' | 'owner' | 'handle';

const ALLOWED: Record<HqAccess, readonly HqRole[]> = {
  read: ['owner', 'accountant', 'manager'],
  owner: ['owner'],
  // Marking a tax-authority error handled: the accountant's job, and the owner's.
  handle: ['owner', 'accountant'],
};

export const mayCall = (caller: HqCaller, access: HqAccess): boolean =>
  caller.kind === 'admin' || ALLOWED[access].includes(caller.role);

/** The stores a caller sees: undefined for all of them. */
export const storeScope = (caller: HqCaller): readonly string[] | undefined =>
  caller.kind === 'user' && caller.role === 'manager' ? caller.stores : undefined;

/** 404 for a store outside the caller's scope: the same answer as a store that does not exist. */
export function requireStoreInScope(caller: HqCaller, storeId: string): void {
  const scope = storeScope(caller);
  if (scope && !scope.includes(storeId)) throw notFound('cửa hàng', storeId);
}
