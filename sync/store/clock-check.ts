/**
 * The store's clock against HQ's. Every invoice carries the date and time of the machine it is issued on; a
 * shop PC whose clock drifted, was set by hand or lost its CMOS battery issues invoices dated wrongly (the
 * tax authority refuses a date in the future) and stamps its settings edits where HQ will not apply them.
 * HQ's answers carry its time (the HTTP Date header), so each sync pass can tell the owner.
 */
import type { NotificationInput } from '../../src/notifications/notify.js';

/** Beyond this difference the owner is told: far above the Date header's second and a slow network's delay. */
export const CLOCK_SKEW_WARN_MS = 5 * 60 * 1000;

/** The notification for a store clock `localMs` against HQ's `hqMs`, or none within the tolerance. */
export function clockSkewNotice(localMs: number, hqMs: number, localDay: string): NotificationInput | undefined {
  const skewMs = localMs - hqMs;
  if (Math.abs(skewMs) <= CLOCK_SKEW_WARN_MS) return undefined;
  const minutes = Math.round(Math.abs(skewMs) / 60_000);
  const amount = minutes >= 2 * 24 * 60 ? `${Math.round(minutes / (24 * 60))} ngày` : `${minutes} phút`;
  return {
    type: 'system',
    title: 'Đồng hồ máy cửa hàng bị lệch',
    message: `Đồng hồ máy này ${skewMs > 0 ? 'nhanh' : 'chậm'} ${amount} so với trụ sở. Hóa đơn ghi ngày giờ theo đồng hồ này: hãy chỉnh lại giờ của máy (hoặc bật đồng bộ giờ tự động).`,
    dedupeKey: `clock-skew:${localDay}`,
  };
}
