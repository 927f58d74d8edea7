/**
 * What the node needs from the tax authority, whatever carries it (the embedded simulator, or HTTP):
 * submit a message, and ask about a message id when a reply was lost. Both are idempotent by message id.
 * A network failure throws TaxAuthorityUnavailable; an answer is never a throw.
 */
import { randomUUID } from 'node:crypto';

export type TaxAuthorityAnswer = { status: 'accepted'; at: string } | { status: 'rejected'; reason: string };

export interface TransmissionMessage {
  messageId: string;
  invoiceId: string;
  xml: string;
}

export interface TaxAuthority {
  readonly name: string;
  readonly simulated: boolean;
  submit(message: TransmissionMessage): Promise<TaxAuthorityAnswer>;
  /** The answer given to that message id, or `unknown` when it never arrived. */
  query(messageId: string): Promise<TaxAuthorityAnswer | { status: 'unknown' }>;
}

export class TaxAuthorityUnavailable extends Error {
  override name = 'TaxAuthorityUnavailable';
}

/** MTDiep: the sender's code and the 32 upper-case hex digits of a UUID v4 (domain file). */
export function newMessageId(senderCode: string): string {
  return `${senderCode}${randomUUID().replaceAll('-', '').toUpperCase()}`;
}

/**
 * The in-process simulator (the default of `npm start`, reported as a simulation in /health and /config):
 * it checks the message's structure and XML signature and answers at once, idempotently by message id.
 */
export function createEmbeddedTaxAuthority(deps: {
  verify: (xml: string) => string[] | Promise<string[]>;
  now: () => Date;
  remember?: number;
}): TaxAuthority {
  const answers = new Map<string, TaxAuthorityAnswer>();
  // The worker only asks about a message it got no answer for, which in process cannot happen long after
  // the submission: the newest answers are enough, and a node that runs for months does not keep them all.
  const remember = deps.remember ?? 10_000;
  return {
    name: 'embedded',
    simulated: true,
    async submit(message) {
      const known = answers.get(message.messageId);
      if (known) return known;
      const problems = await deps.verify(message.xml);
      const answer: TaxAuthorityAnswer = problems.length
        ? { status: 'rejected', reason: problems.slice(0, 3).join('; ') }
        : { status: 'accepted', at: deps.now().toISOString() };
      answers.set(message.messageId, answer);
      if (answers.size > remember) answers.delete(answers.keys().next().value as string);
      return answer;
    },
    async query(messageId) {
      return answers.get(messageId) ?? { status: 'unknown' };
    },
  };
}
