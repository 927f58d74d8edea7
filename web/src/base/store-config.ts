/**
 * The store's name and time zone for the shell and the date formatting. GET /config is for admins and
 * accountants; a cashier's console keeps the node's default zone (Asia/Ho_Chi_Minh).
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Session } from '../auth/session';
import { setStoreTimeZone } from './format';

export interface StoreConfig {
  storeName: string;
  timeZone: string;
}

export function useStoreConfig(session: Session | undefined): StoreConfig | undefined {
  const [config, setConfig] = useState<StoreConfig>();
  const role = session?.role;
  useEffect(() => {
    if (!role || role === 'cashier') return;
    call(api.GET('/api/v1/config'))
      .then((c) => {
        setStoreTimeZone(c.timeZone);
        setConfig({ storeName: c.storeName, timeZone: c.timeZone });
      })
      .catch(() => {});
  }, [role]);
  return config;
}
