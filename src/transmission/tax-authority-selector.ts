/**
 * The tax authority the store config names (`transmission: { adapter, url }`), read at every call so that
 * a PATCH /config takes effect at the next message. The embedded simulator is one instance for the life of
 * the node (its answers live in memory); an HTTP adapter is kept per url and replaced when the url changes.
 */
import { createHttpTaxAuthority, type HttpTaxAuthority } from './http-tax-authority.js';
import { type TaxAuthority, TaxAuthorityUnavailable } from './tax-authority.js';

export interface TransmissionConfig {
  adapter: 'embedded' | 'http';
  url: string | null;
}

export const MISSING_URL = 'Đã chọn gửi qua HTTP nhưng chưa cấu hình transmission.url: hóa đơn chờ trong hàng đợi.';

export function createTaxAuthoritySelector(deps: {
  config: () => TransmissionConfig;
  embedded: TaxAuthority;
  http?: (url: string) => HttpTaxAuthority;
}) {
  const http = deps.http ?? ((url: string) => createHttpTaxAuthority(url));
  let cached: HttpTaxAuthority | undefined;

  function selectTaxAuthority(config: TransmissionConfig): TaxAuthority | undefined {
    if (config.adapter === 'embedded') return deps.embedded;
    if (!config.url) return undefined;
    if (cached?.url !== config.url.replace(/\/+$/, '')) {
      void cached?.close();
      cached = http(config.url);
    }
    return cached;
  }

  const required = (): TaxAuthority => {
    const selected = selectTaxAuthority(deps.config());
    if (!selected) throw new TaxAuthorityUnavailable(MISSING_URL);
    return selected;
  };

  /** What the worker holds: every call goes to the adapter configured at that moment. */
  const authority: TaxAuthority = {
    get name() {
      return deps.config().adapter;
    },
    get simulated() {
      return deps.config().adapter === 'embedded';
    },
    submit: async (message) => required().submit(message),
    query: async (messageId) => required().query(messageId),
  };

  return {
    authority,
    /** The configured adapter, or undefined when nothing can be sent (http without a url). */
    current: () => selectTaxAuthority(deps.config()),
    /** Why the queue waits whatever the network does, for /health. */
    problem: (): string | undefined => (selectTaxAuthority(deps.config()) ? undefined : MISSING_URL),
    close: async () => {
      await cached?.close();
      cached = undefined;
    },
  };
}

export type TaxAuthoritySelector = ReturnType<typeof createTaxAuthoritySelector>;
