import type { StoredText } from './message-text.js';

/**
 * How TDiep messages reach the tax authority and how its replies come back, whatever carries them: the
 * embedded simulator in process, `hoadon tax-sim`, or a T-VAN provider over HTTP. A provider's adapter is
 * one file implementing this interface (see tvan-http-transport.ts and docs/transmission.md).
 *
 * - `send` hands over one TDiep and returns the immediate answer (a 999, or a -1), as XML text. The TDiep
 *   comes as stored (message-text.ts), deflated: each transport inflates it where it costs the event loop
 *   least (the embedded authority on its thread, HTTP into bytes for base64), never into a string on the loop.
 * - `replies` returns every reply to a message id known so far (999, 102/103, 202, 204, 301…), oldest
 *   first, or an empty list when the id never arrived: the look-up before any resend.
 * Whatever leaves the outcome unknown (no network, timeout, a 5xx, an answer that is not the protocol's)
 * throws TaxAuthorityUnavailable.
 */
export interface TdiepTransport {
  readonly name: string;
  readonly simulated: boolean;
  send(tdiep: StoredText): Promise<string>;
  replies(messageId: string): Promise<string[]>;
}
