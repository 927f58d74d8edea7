/**
 * The two ways out of the node: SMTP through nodemailer, and the webhook of the shop's SMS/Zalo provider.
 * Each attempt ends in one of three outcomes (docs/delivery.md "The queue"): sent; `retry` (the server could
 * not be reached, or answered a temporary refusal); `permanent` (a refusal that another attempt would meet
 * again), which ends the sending with its reason.
 */
import { createTransport } from 'nodemailer';

export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailServer {
  smtpUrl: string;
}

const ATTEMPT_TIMEOUT_MS = 30_000;

/** The SMTP reply code in nodemailer's error, when the server answered one. */
const responseCodeOf = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : undefined;
};

export async function sendMail(server: MailServer, mail: OutgoingMail): Promise<SendOutcome> {
  const transport = createTransport({
    url: server.smtpUrl,
    connectionTimeout: ATTEMPT_TIMEOUT_MS,
    greetingTimeout: ATTEMPT_TIMEOUT_MS,
    socketTimeout: ATTEMPT_TIMEOUT_MS,
  });
  try {
    await transport.sendMail(mail);
    return { ok: true };
  } catch (error) {
    const code = responseCodeOf(error);
    const message = (error as Error).message;
    // 5xx: the server refused for good (unknown mailbox, refused sender, authentication refused).
    if (code !== undefined && code >= 500) return { ok: false, permanent: true, error: message };
    return { ok: false, permanent: false, error: message };
  } finally {
    transport.close();
  }
}

export interface WebhookCall {
  invoiceId: string;
  phone: string;
  link: string | undefined;
  lookupCode: string | undefined;
}

/**
 * POSTs the call as JSON. A 2xx is sent; 408, 429 and 5xx (the provider busy or down) and a failed
 * connection are tried again; any other 4xx is a refusal of this call and ends it.
 */
export async function callWebhook(url: string, call: WebhookCall): Promise<SendOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { ok: true };
    const error = `Địa chỉ webhook trả lời HTTP ${response.status}.`;
    const temporary = response.status === 408 || response.status === 429 || response.status >= 500;
    return { ok: false, permanent: !temporary, error };
  } catch (error) {
    return { ok: false, permanent: false, error: (error as Error).message };
  }
}
