/**
 * The SMTP server the node sends invoices through: set in the console (PUT /settings/email, kept in
 * `mail_settings`) or else by HOADON_SMTP_URL and HOADON_MAIL_FROM (docs/delivery.md). Pure.
 */
import type { StoredMailSettings } from './delivery.repository.js';

export type StoredServer = StoredMailSettings;

/** What the environment gives: HOADON_SMTP_URL, HOADON_MAIL_FROM, and the seller's address as the last sender. */
export interface SmtpConfig {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  sellerEmail?: string | undefined;
}

export interface MailServerSettings {
  smtpUrl: string;
  from: string;
}

/** The console's server fields; `password` left out keeps the one stored. */
export interface MailServerInput {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password?: string | undefined;
  from: string;
}

const userOf = (smtpUrl: string) => decodeURIComponent(new URL(smtpUrl).username);

/** The server in force and its sender; undefined when no server is set or no sender can be named. */
export function mailServerOf(stored: StoredServer | undefined, env: SmtpConfig): MailServerSettings | undefined {
  const fromConsole = stored?.smtpUrl ? stored : undefined;
  const smtpUrl = fromConsole?.smtpUrl ?? env.smtpUrl;
  if (!smtpUrl) return undefined;
  const user = userOf(smtpUrl);
  const from =
    (fromConsole ? fromConsole.mailFrom : env.mailFrom) || env.sellerEmail || (user.includes('@') ? user : undefined);
  return from ? { smtpUrl, from } : undefined;
}

/** smtp(s)://user:password@host:port from the console's fields. */
export function smtpUrlOf(input: MailServerInput, keptPassword: string | undefined): string {
  const password = input.password ?? keptPassword;
  const credentials = input.user
    ? `${encodeURIComponent(input.user)}${password ? `:${encodeURIComponent(password)}` : ''}@`
    : '';
  return `${input.secure ? 'smtps' : 'smtp'}://${credentials}${input.host}:${input.port}`;
}

/** The stored password, kept when the console leaves it out. */
export const passwordOf = (stored: StoredServer | undefined): string | undefined => {
  if (!stored?.smtpUrl) return undefined;
  const password = new URL(stored.smtpUrl).password;
  return password ? decodeURIComponent(password) : undefined;
};

export interface PublicMailSettings {
  /** settings: set in the console; environment: HOADON_SMTP_URL; none: no e-mail is sent. */
  source: 'settings' | 'environment' | 'none';
  host: string;
  port: number;
  secure: boolean;
  user: string;
  passwordSet: boolean;
  from: string;
}

/** What GET /settings/email answers: everything but the password. */
export function publicSettings(stored: StoredServer | undefined, env: SmtpConfig): PublicMailSettings {
  const source = stored?.smtpUrl ? 'settings' : env.smtpUrl ? 'environment' : 'none';
  const smtpUrl = stored?.smtpUrl ?? env.smtpUrl;
  if (!smtpUrl) return { source, host: '', port: 587, secure: false, user: '', passwordSet: false, from: '' };
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    source,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: decodeURIComponent(url.username),
    passwordSet: url.password !== '',
    from: mailServerOf(stored, env)?.from ?? '',
  };
}
