/**
 * A request answered while the caller waits, between threads: the caller posts the request with a port of
 * its own and a shared word, sleeps on the word (Atomics.wait) and reads the answer from its port. The token
 * thread (token-thread.ts) answers this way, so that a signature value is computed there while xml-crypto,
 * which signs synchronously, waits for it in the XML thread, and so that the issuing path (a synchronous
 * transaction) can ask whether the token is there. The token thread does one short operation per request
 * (one C_Sign, one look at the slot), so a wait is bounded by a few of them.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort } from 'node:worker_threads';

interface Envelope {
  request: unknown;
  port: MessagePort;
  signal: Int32Array;
}

type Reply<T> = { result: T; error?: undefined } | { error: string; code?: string };

export class SyncCallError extends Error {
  override name = 'SyncCallError';
  constructor(
    message: string,
    /** What the answering side said went wrong, as a word (`absent`, `locked`…), when it said one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Sends `request` to `target` and waits for the answer at most `timeoutMs`. */
export function callAndWait<T>(
  target: { postMessage(value: unknown, transfer: MessagePort[]): void },
  request: unknown,
  timeoutMs: number,
): T {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  try {
    target.postMessage({ request, port: port2, signal } satisfies Envelope, [port2]);
    if (Atomics.wait(signal, 0, 0, timeoutMs) === 'timed-out')
      throw new SyncCallError('thiết bị ký số (token) không trả lời kịp', 'timeout');
    const reply = receiveMessageOnPort(port1)?.message as Reply<T> | undefined;
    if (!reply) throw new SyncCallError('thiết bị ký số (token) không trả lời', 'timeout');
    if (reply.error !== undefined) throw new SyncCallError(reply.error, reply.code);
    return reply.result;
  } finally {
    port1.close();
  }
}

/** The answering side: each envelope arriving on `port` handled by `handle`, its caller woken. */
export function answerWaitingCalls(
  port: { on(event: 'message', listener: (value: unknown) => void): unknown },
  handle: (request: never) => unknown,
): void {
  port.on('message', (value) => {
    const { request, port: reply, signal } = value as Partial<Envelope>;
    // Not a waiting call (the token thread's parent also hands over ports on the same channel).
    if (!reply || !signal) return;
    let answer: Reply<unknown>;
    try {
      answer = { result: handle(request as never) };
    } catch (error) {
      answer = {
        error: error instanceof Error ? error.message : String(error),
        code: (error as { code?: unknown }).code === undefined ? undefined : String((error as { code?: unknown }).code),
      };
    }
    reply.postMessage(answer);
    reply.close();
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
}
