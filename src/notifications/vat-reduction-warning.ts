/**
 * The warning before a VAT reduction window ends (docs/exports.md, "VAT reduction windows"): from 14 days
 * before its last day, /health and the console's home screen say so, and one notification is raised.
 */
import type { Clock } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import { endingSoonMessage, windowEndingSoon } from '../domain/vat-reduction.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Notify } from './notify.js';

export interface VatReductionWarning {
  /** The window's last day, YYYY-MM-DD. */
  endsOn: string;
  daysLeft: number;
  basis: string;
  message: string;
}

export function createVatReductionWarning(deps: {
  settings: SettingsService;
  clock: Clock;
  timeZone: string;
  notify: Notify;
}) {
  const current = (): VatReductionWarning | undefined => {
    const soon = windowEndingSoon(deps.settings.vatReduction().windows, localDate(deps.clock.now(), deps.timeZone));
    return (
      soon && {
        endsOn: soon.window.to,
        daysLeft: soon.daysLeft,
        basis: soon.window.basis,
        message: endingSoonMessage(soon.window),
      }
    );
  };
  return {
    current,
    /** Raises the notification once per window end; call inside a transaction. */
    check(): boolean {
      const warning = current();
      if (!warning) return false;
      return deps.notify({
        type: 'system',
        title: 'Sắp hết thời gian giảm thuế GTGT',
        message: warning.message,
        dedupeKey: `vat-reduction-ends:${warning.endsOn}`,
      });
    },
  };
}

export type VatReductionWarningService = ReturnType<typeof createVatReductionWarning>;
