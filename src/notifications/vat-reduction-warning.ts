/**
 * The warning before a VAT reduction window ends (docs/exports.md, "VAT reduction windows"): from 14 days
 * before its last day, /health and the console's home screen say so, and one notification is raised. The
 * catalogue's products still at the reduced rate are counted in it: once the window has ended the till refuses
 * their sales, so the warning says how many to change, and keeps saying it after the end while any is left.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import {
  endedMessage,
  endingSoonMessage,
  lastEndedWindow,
  productsAtReducedRateSentence,
  type VatReductionWindow,
  windowEndingSoon,
} from '../domain/vat-reduction.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Notify } from './notify.js';

export interface VatReductionWarning {
  /** The window's last day, YYYY-MM-DD. */
  endsOn: string;
  /** Days left after today (0 on the last day and after it). */
  daysLeft: number;
  basis: string;
  /** Active catalogue products whose rate is the window's reduced rate. */
  productsAtReducedRate: number;
  message: string;
}

/** How long a count of the catalogue is reused: /health is read every few seconds by each console. */
const COUNT_TTL_MS = 60_000;

/**
 * The active catalogue products at `rate`. A scan of the catalogue (no index on the rate), run only while a
 * warning stands and at most once a minute.
 */
export function catalogueAtRate(sqlite: Database.Database): (rate: number) => number {
  const statement = sqlite.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM products WHERE active = 1 AND abs(tax_rate - ?) < 1e-9',
  );
  return (rate) => statement.get(rate)?.n ?? 0;
}

export function createVatReductionWarning(deps: {
  settings: SettingsService;
  clock: Clock;
  timeZone: string;
  notify: Notify;
  productsAtRate: (rate: number) => number;
}) {
  let counted: { rate: number; at: number; n: number } | undefined;
  const productsAt = (rate: number): number => {
    const now = deps.clock.now().getTime();
    if (!counted || counted.rate !== rate || now - counted.at >= COUNT_TTL_MS || now < counted.at)
      counted = { rate, at: now, n: deps.productsAtRate(rate) };
    return counted.n;
  };
  const warningOf = (window: VatReductionWindow, daysLeft: number, ended: boolean): VatReductionWarning => {
    const products = productsAt(window.reducedRate);
    const head = ended ? endedMessage(window) : endingSoonMessage(window);
    return {
      endsOn: window.to,
      daysLeft,
      basis: window.basis,
      productsAtReducedRate: products,
      message: products > 0 ? `${head} ${productsAtReducedRateSentence(window, products, ended)}` : head,
    };
  };
  const current = (): VatReductionWarning | undefined => {
    const windows = deps.settings.vatReduction().windows;
    const today = localDate(deps.clock.now(), deps.timeZone);
    const soon = windowEndingSoon(windows, today);
    if (soon) return warningOf(soon.window, soon.daysLeft, false);
    const ended = lastEndedWindow(windows, today);
    if (!ended) return undefined;
    const warning = warningOf(ended, 0, true);
    return warning.productsAtReducedRate > 0 ? warning : undefined;
  };
  return {
    current,
    /** Raises the notification once per window end (and once more after it while products are left); call inside a transaction. */
    check(): boolean {
      const warning = current();
      if (!warning) return false;
      const ended = localDate(deps.clock.now(), deps.timeZone) > warning.endsOn;
      return deps.notify({
        type: 'system',
        title: ended ? 'Đã hết thời gian giảm thuế GTGT' : 'Sắp hết thời gian giảm thuế GTGT',
        message: warning.message,
        dedupeKey: `vat-reduction-${ended ? 'ended' : 'ends'}:${warning.endsOn}`,
      });
    },
  };
}

export type VatReductionWarningService = ReturnType<typeof createVatReductionWarning>;
