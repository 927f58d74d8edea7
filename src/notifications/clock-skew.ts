/**
 * The node's clock against a server's. Every invoice carries the date and time of the machine it is issued
 * on; a shop PC whose clock drifted, was set by hand or lost its CMOS battery issues invoices dated wrongly
 * (the tax authority refuses a date in the future) and stamps its settings edits where HQ will not apply
 * them. The answers of HQ and of the T-VAN carry their time (the HTTP Date header): whichever the node talks
 * to tells it when its own clock is off, and the owner hears it once a day.
 */
import type { Clock } from '../clock.js';
import type { NotificationInput, Notify } from './notify.js';

/** Beyond this difference the owner is told: far above the Date header's second and a slow network's delay. */
export const CLOCK_SKEW_WARN_MS = 5 * 60 * 1000;

/** Whose time the node's clock was compared with, as the message names it. */
export type ClockReference = 'trụ sở' | 'máy chủ nhận hóa đơn (T-VAN)';

/** The notification for a node clock `localMs` against a server's `serverMs`, or none within the tolerance. */
export function clockSkewNotice(
  localMs: number,
  serverMs: number,
  localDay: string,
  reference: ClockReference,
): NotificationInput | undefined {
  const skewMs = localMs - serverMs;
  if (Math.abs(skewMs) <= CLOCK_SKEW_WARN_MS) return undefined;
  const minutes = Math.round(Math.abs(skewMs) / 60_000);
  const amount = minutes >= 2 * 24 * 60 ? `${Math.round(minutes / (24 * 60))} ngày` : `${minutes} phút`;
  return {
    type: 'system',
    title: 'Đồng hồ máy cửa hàng bị lệch',
    message: `Đồng hồ máy này ${skewMs > 0 ? 'nhanh' : 'chậm'} ${amount} so với ${reference}. Hóa đơn ghi ngày giờ theo đồng hồ này: hãy chỉnh lại giờ của máy (hoặc bật đồng bộ giờ tự động).`,
    dedupeKey: `clock-skew:${localDay}`,
  };
}

/**
 * What a transport calls with each server time it reads: notifies through `write` (the node's write queue)
 * at most once a day, without touching the database for the answers in between.
 */
export function createClockWatch(deps: {
  clock: Clock;
  notify: Notify;
  write: (work: () => unknown) => Promise<unknown>;
}) {
  let notifiedDay: string | undefined;
  return (serverMs: number, reference: ClockReference): void => {
    const now = deps.clock.now().getTime();
    const day = new Date(now).toISOString().slice(0, 10);
    if (notifiedDay === day) return;
    const notice = clockSkewNotice(now, serverMs, day, reference);
    if (!notice) return;
    notifiedDay = day;
    // Not written (a full disk): told again at the next answer.
    deps
      .write(() => deps.notify(notice))
      .catch(() => {
        notifiedDay = undefined;
      });
  };
}
