/**
 * The signed-in user of this tab: token, role and expiry in sessionStorage (one session per tab, gone when
 * the tab closes). Components follow it through useSession(); an expired token sends the user to sign in
 * with `next` set to the page they were on.
 */
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../base/router';

export type Role = 'admin' | 'cashier' | 'accountant';

export interface Session {
  token: string;
  username: string;
  role: Role;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const KEY = 'hoadon.session';
const listeners = new Set<() => void>();

function read(): Session | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    const session = JSON.parse(raw) as Session;
    return session.expiresAt > Date.now() ? session : undefined;
  } catch {
    return undefined;
  }
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function currentSession(): Session | undefined {
  return read();
}

export function tokenOf(): string | undefined {
  return read()?.token;
}

export function signIn(session: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
  changed();
}

export function signOut(): void {
  sessionStorage.removeItem(KEY);
  changed();
  navigate('/login');
}

/** The node refused the token (expired, key changed): sign in again, then come back here. */
export function sessionExpired(): void {
  if (location.pathname === '/login') return;
  sessionStorage.removeItem(KEY);
  changed();
  const next = location.pathname + location.search;
  navigate(`/login?expired=1&next=${encodeURIComponent(next)}`, { replace: true });
}

export function useSession(): Session | undefined {
  const [session, setSession] = useState(read);
  useEffect(() => {
    const update = () => setSession(read());
    listeners.add(update);
    // A token that expires while the tab sits open ends the session at that moment.
    const timer = setInterval(() => {
      const now = read();
      if (!now && sessionStorage.getItem(KEY)) sessionExpired();
    }, 15_000);
    return () => {
      listeners.delete(update);
      clearInterval(timer);
    };
  }, []);
  return session;
}
