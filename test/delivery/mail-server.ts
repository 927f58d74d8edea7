/** A real SMTP server on loopback (smtp-server) that keeps every message it accepts, parsed (mailparser). */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailServer {
  port: number;
  url: string;
  mails: ParsedMail[];
  /** The next message's answer: a permanent refusal (5xx) instead of acceptance. */
  refuseNext(code: number, message: string): void;
  close(): Promise<void>;
}

export async function startMailServer(port = 0): Promise<MailServer> {
  const mails: ParsedMail[] = [];
  let refusal: { code: number; message: string } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    // A loopback test server has no certificate a client would trust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Any user name and password is taken over plain loopback: the test is about the node's side.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusal) {
            const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
            refusal = undefined;
            callback(error);
            return;
          }
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    refuseNext: (code, message) => {
      refusal = { code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
