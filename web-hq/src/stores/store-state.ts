/** What the console says of a store's sync: when it was last heard of, and whether that is too long ago. */
import type { StoreSummary } from '../api/client';

/** No push or pull for longer than this: shown as offline. */
export const OFFLINE_AFTER_MS = 60 * 60 * 1000;

export function lastContact(store: StoreSummary): string | null {
  const times = [store.lastPushAt, store.lastPullAt].filter((t): t is string => t !== null).sort();
  return times.at(-1) ?? null;
}

export function stateOf(store: StoreSummary, now: number): 'disabled' | 'never' | 'offline' | 'online' {
  if (store.disabledAt) return 'disabled';
  const contact = lastContact(store);
  if (!contact) return 'never';
  return now - Date.parse(contact) > OFFLINE_AFTER_MS ? 'offline' : 'online';
}

export const STATE_NAMES = {
  disabled: 'Đã tạm khóa ở trụ sở',
  never: 'Chưa đồng bộ lần nào',
  offline: 'Mất liên lạc hơn 1 giờ',
  online: 'Đang kết nối',
} as const;
