/**
 * What an admin may not change over the API in the store config, whatever the schema allows:
 * - `headquarters.url`: the HQ credential is bound to the url it was issued for, so pointing the store
 *   elsewhere would hand the credential to whoever answers there. Only `hoadon sync connect`, on the store's
 *   machine, changes it (clearing it, which stops syncing, is allowed);
 * - the `http` tax-authority adapter while the node is in demo mode (docs/decisions.md §7).
 */
import { conflict } from '../errors.js';
import type { StoreConfig } from './settings.documents.js';

export const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function assertConfigPatchAllowed(
  current: StoreConfig,
  patch: { headquarters?: { url?: string | null }; transmission?: { adapter?: string } },
  missingForLive: readonly string[],
): void {
  const url = patch.headquarters?.url;
  if (url && !(current.headquarters.url && sameUrl(url, current.headquarters.url))) {
    throw conflict(
      'Không đổi được địa chỉ trụ sở qua API: thông tin xác thực của cửa hàng gắn với địa chỉ trụ sở đã cấp nó. ' +
        'Trên máy của cửa hàng, chạy `hoadon sync connect --hq <url> --store-id <id> --credential-stdin`.',
    );
  }
  if (patch.transmission?.adapter === 'http' && missingForLive.length > 0) {
    throw conflict(
      `Đang ở chế độ dùng thử: hóa đơn chỉ gửi tới bộ mô phỏng tích hợp. Để gửi tới cơ quan thuế cần ${missingForLive.join(' và ')}.`,
    );
  }
}
