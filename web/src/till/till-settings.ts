/** The till settings (GET /settings/till, every role): the bank account of VietQR, who may do what. */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import type { Role } from '../auth/session';

export type TillSettings = Schema<'/api/v1/settings/till', 'get'>;

export function useTillSettings(): TillSettings | undefined {
  const [settings, setSettings] = useState<TillSettings>();
  useEffect(() => {
    call(api.GET('/api/v1/settings/till'))
      .then(setSettings)
      .catch(() => {});
  }, []);
  return settings;
}

/** Whether the role may sell free lines or change prices; until the settings are read, only an admin. */
export const mayDo = (roles: readonly Role[] | undefined, role: Role | undefined) =>
  role !== undefined && (roles ?? ['admin']).includes(role);
