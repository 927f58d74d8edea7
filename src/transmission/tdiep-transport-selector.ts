/**
 * The TDiep transport of a message, read at every call. The store's own invoices (and its registration and
 * notices) go where the store config says (`transmission: { adapter, url }`): the embedded simulator in
 * process, or the T-VAN HTTP shape at `url` (`hoadon tax-sim` or a provider) with the node's T-VAN
 * credentials, one keep-alive client per url;
 * `undefined` when nothing can be sent (http without a url): the queue waits. Demo invoices go to the
 * embedded simulator whatever the config and the node's mode: those still queued when the node goes live
 * are answered by the simulator and never reach the authority (docs/transmission.md).
 */
import type { SigningMaterial } from '../signing/keys.js';
import { AUTHORITY_CODE } from '../tax-messages/message-types.js';
import type { TransmissionConfig } from './tax-authority-selector.js';
import type { TdiepTransport } from './tdiep-transport.js';
import type { SenderParty } from './tdiep-worker.js';
import type { TvanCredentials } from './tvan-credentials.js';
import { createTvanHttpTransport } from './tvan-http-transport.js';

export function createTdiepTransportSelector(deps: {
  config: () => TransmissionConfig;
  embedded: TdiepTransport;
  /**
   * The T-VAN credentials to present at an address (tvan-credentials.ts, tvan-connection.ts): the same
   * object while they are unchanged, a new one once the owner saves others.
   */
  credentials: TvanCredentials | ((url: string) => TvanCredentials);
  /** Hears the T-VAN's time from each of its answers (src/notifications/clock-skew.ts). */
  onServerTime?: (ms: number) => void;
  /** Hears when the T-VAN starts refusing the credentials (once), and when it takes them again. */
  onAuthentication?: (problem: string | undefined) => void;
}) {
  let cached:
    | (TdiepTransport & {
        url: string;
        credentials: TvanCredentials;
        close(): Promise<void>;
        problem(): string | undefined;
      })
    | undefined;
  const credentialsAt = (url: string) =>
    typeof deps.credentials === 'function' ? deps.credentials(url) : deps.credentials;
  return {
    current(demo = false): TdiepTransport | undefined {
      if (demo) return deps.embedded;
      const config = deps.config();
      if (config.adapter === 'embedded') return deps.embedded;
      if (!config.url) return undefined;
      const url = config.url.replace(/\/+$/, '');
      const credentials = credentialsAt(url);
      if (cached?.url !== url || cached.credentials !== credentials) {
        void cached?.close();
        const transport = createTvanHttpTransport({
          url,
          credentials,
          onServerTime: deps.onServerTime,
          onAuthentication: deps.onAuthentication,
        });
        cached = { ...transport, url, credentials };
      }
      return cached;
    },
    /** Why the configured T-VAN cannot be used now (its credentials refused), or undefined. */
    problem(): string | undefined {
      const config = deps.config();
      if (config.adapter !== 'http' || !config.url || cached?.url !== config.url.replace(/\/+$/, '')) return undefined;
      return cached.problem();
    },
    close: async () => {
      await cached?.close();
      cached = undefined;
    },
  };
}

/**
 * Who the node sends as: MNGui is the seller's MST (a taxpayer connected directly; the code for that case
 * is unconfirmed, the MST is chosen), MNNhan the authority (`TCT`).
 */
export function senderParty(mst: string, identity: SigningMaterial): SenderParty {
  return { senderCode: mst.replace(/\D/g, ''), receiverCode: AUTHORITY_CODE, mst, identity };
}
