/**
 * Typed access to the settings documents and their edits. An edit is validated as a whole document,
 * written with a new version, and recorded in the audit trail of the subject `settings:<name>`.
 */
import type { AuditRepository } from '../audit/audit.repository.js';
import type { Clock } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import { legalSymbolRefusal, symbolForYear } from '../domain/numbering.js';
import { validationError } from '../errors.js';
import { type IssueLike, readableMessage } from '../http/zod-messages.js';
import {
  type AutomationSettings,
  type DeclarationSettings,
  type PlanDocument,
  SETTINGS_DEFAULTS,
  SETTINGS_DOCUMENTS,
  type SettingsName,
  type StoreConfig,
  type TemplateSettings,
  type TillSettings,
  type VatReductionSettings,
} from './settings.documents.js';
import type { SettingsRepository } from './settings.repository.js';

type Documents = {
  templates: TemplateSettings;
  automation: AutomationSettings;
  plan: PlanDocument;
  config: StoreConfig;
  till: TillSettings;
  vatReduction: VatReductionSettings;
  declaration: DeclarationSettings;
};

/** Objects one level down (seller, headquarters, transmission) are merged too: PATCH { seller: { phone } }. */
function mergePatch<T extends object>(current: T, patch: Partial<Record<keyof T, unknown>>): T {
  const merged: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    const existing = merged[key];
    const bothObjects =
      value && existing && typeof value === 'object' && typeof existing === 'object' && !Array.isArray(value);
    merged[key] = bothObjects ? { ...(existing as object), ...(value as object) } : value;
  }
  return merged as T;
}

/**
 * Follows every settings edit in its transaction (the sync outbox). `origin` is set when the edit comes
 * from headquarters with the document's clock, so that it is not sent back as a store edit.
 */
export type SettingsListener = (change: {
  name: SettingsName;
  document: unknown;
  at: string;
  actor: string;
  origin?: { hlc: string };
}) => void;

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

export function createSettingsService(deps: {
  settings: SettingsRepository;
  audit: AuditRepository;
  clock: Clock;
  timeZone: string;
  listeners?: readonly SettingsListener[];
  /** Whether demo invoices were issued under this template number and symbol (the invoices are above settings/). */
  holdsDemoInvoices?: (mauSo: string, kyHieu: string) => boolean;
}) {
  const { settings, audit, clock, timeZone, listeners = [] } = deps;
  const currentYear = () => Number(localDate(clock.now(), timeZone).slice(0, 4));
  const defaultsOf = (name: SettingsName) =>
    name === 'templates' ? SETTINGS_DEFAULTS.templates(currentYear()) : SETTINGS_DEFAULTS[name]();
  const read = <N extends SettingsName>(name: N): Documents[N] =>
    settings.read(name, SETTINGS_DOCUMENTS[name], () => defaultsOf(name) as never) as Documents[N];

  function refuseDemoSymbol(template: Documents['templates']): void {
    const symbols = [template.kyHieu, symbolForYear(template.kyHieu, currentYear())];
    const holds = symbols.some((kyHieu) => deps.holdsDemoInvoices?.(template.mauSo, kyHieu) ?? false);
    const refusal = legalSymbolRefusal(template.kyHieu, holds);
    if (refusal) throw validationError(refusal, [{ path: 'body.kyHieu', message: refusal }]);
  }

  return {
    /** When the tax-authority adapter was last changed, from the config's audit trail; undefined if never. */
    adapterChangedAt: () => settings.adapterChangedAt(),
    templates: () => read('templates'),
    automation: () => read('automation'),
    plan: () => read('plan'),
    storeConfig: () => read('config'),
    till: () => read('till'),
    vatReduction: () => read('vatReduction'),
    declaration: () => read('declaration'),
    read,

    /** Applies a partial edit; call inside a transaction. Answers the whole new document. */
    update<N extends SettingsName>(
      name: N,
      patch: Partial<Record<keyof Documents[N], unknown>>,
      actor: string,
      origin?: { hlc: string },
    ): Documents[N] {
      const before = read(name);
      const parsed = SETTINGS_DOCUMENTS[name].safeParse(mergePatch(before, patch));
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          path: `body.${issue.path.join('.')}`,
          message: readableMessage(issue as unknown as IssueLike),
        }));
        throw validationError(
          `Thiết lập không hợp lệ: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
          details,
        );
      }
      const after = parsed.data as Documents[N];
      if (name === 'templates') refuseDemoSymbol(after as Documents['templates']);
      const changed = changedFields(before as Record<string, unknown>, after as Record<string, unknown>);
      if (changed.length === 0) return after;
      const at = clock.now().toISOString();
      settings.write(name, after, at, actor);
      audit.append({
        invoiceId: `settings:${name}`,
        at,
        actor,
        action: 'settings-updated',
        details: {
          changed,
          before: Object.fromEntries(changed.map((k) => [k, (before as Record<string, unknown>)[k]])),
          after: Object.fromEntries(changed.map((k) => [k, (after as Record<string, unknown>)[k]])),
        },
      });
      for (const listener of listeners) listener({ name, document: after, at, actor, ...(origin ? { origin } : {}) });
      return after;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
