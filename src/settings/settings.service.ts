/** Typed access to the settings documents; the year of the default symbol comes from the store's calendar. */
import type { Clock } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import {
  SETTINGS_DEFAULTS,
  storeConfigSchema,
  templateSettingsSchema,
  type StoreConfig,
  type TemplateSettings,
} from './settings.documents.js';
import type { SettingsRepository } from './settings.repository.js';

export function createSettingsService(deps: { settings: SettingsRepository; clock: Clock; timeZone: string }) {
  const { settings, clock, timeZone } = deps;
  const currentYear = () => Number(localDate(clock.now(), timeZone).slice(0, 4));
  return {
    templates: (): TemplateSettings =>
      settings.read('templates', templateSettingsSchema, SETTINGS_DEFAULTS.templates(currentYear())),
    storeConfig: (): StoreConfig => settings.read('config', storeConfigSchema, SETTINGS_DEFAULTS.config()),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
