/**
 * Signing an invoice's XML and the embedded tax authority's check of a signature, on a worker thread. Both
 * are CPU only (canonicalisation, digests, RSA), a few milliseconds an invoice; on the event loop they took
 * up to a quarter of it from the cashiers whenever invoices were being sent. On their thread they use the
 * machine's other core. The thread starts at the first request (a node that sends nothing never pays its
 * memory) and stops after a while with nothing to do. If it dies, what it was doing fails (the transmission
 * queue retries it) and the next request starts a new one.
 *
 * `createRequestThread` is that thread's machinery on its own (start at first use, answers matched to
 * requests, idle stop, failures), also used by the embedded tax authority's thread (src/tax-sim).
 */
import { type MessagePort, type ResourceLimits, Worker } from 'node:worker_threads';
import { readAsset } from '../assets.js';
import type { SigningMaterial } from '../signing/keys.js';
import type { InvoiceDocumentSource } from './invoice-xml.js';
import type { PackageRequest, SignedPackage } from './signed-package.js';
import type { signInvoiceXml } from './xml-signature.js';

/** Built by scripts/build.mjs (and into the executable by scripts/build-binary.mjs) from xml-thread.worker.ts. */
export const XML_WORKER_SCRIPT = 'dist/xml-worker.cjs';

export type SignOptions = Parameters<typeof signInvoiceXml>[1];

export type XmlRequest =
  | { op: 'sign'; xml: string; options: SignOptions }
  | { op: 'document'; source: InvoiceDocumentSource; sign?: SignOptions }
  | { op: 'package'; request: PackageRequest }
  | { op: 'verify'; xml: string };

type Answer = { id: number; result: unknown; error?: undefined } | { id: number; error: string };

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class XmlThreadError extends Error {
  override name = 'XmlThreadError';
}

/**
 * A thread with nothing to do for this long is stopped: alive it holds about 45 MB, and a shop sends
 * invoices in bursts. Starting it again costs about 50 ms at the next invoice sent.
 */
export const IDLE_STOP_MS = 30_000;

export interface RequestThreadOptions {
  /** The asset holding the thread's bundled script (see scripts/esbuild-plugins.mjs `workerScripts`). */
  script: string;
  /** What the thread is called in the errors of its requests ("luồng ký XML"). */
  label: string;
  idleStopMs?: number;
  resourceLimits?: ResourceLimits;
  /** Handed to each thread started (read there as `workerData`). */
  workerData?: () => unknown;
  /** Called with each thread started, before any request reaches it. */
  onStart?: (worker: Worker) => void;
}

/** A worker thread answering requests `{ id, ...request }` with `{ id, result }` or `{ id, error }`. */
export function createRequestThread<Request extends object>(options: RequestThreadOptions) {
  const idleStopMs = options.idleStopMs ?? IDLE_STOP_MS;
  let script: string | undefined;
  let current: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function stop(): Promise<number> | undefined {
    clearTimeout(idleTimer);
    const thread = current;
    current = undefined;
    return thread?.worker.terminate();
  }

  function start() {
    script ??= readAsset(options.script);
    const worker = new Worker(script, {
      eval: true,
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      ...(options.workerData ? { workerData: options.workerData() } : {}),
    });
    const waiting = new Map<number, Waiting>();
    const thread = { worker, waiting };
    options.onStart?.(worker);
    // An idle thread must not keep a finished command (or a test) alive; a busy one must.
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const caller = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) {
        worker.unref();
        idleTimer = setTimeout(() => void stop(), idleStopMs).unref();
      }
      if (answer.error !== undefined) caller?.reject(new XmlThreadError(answer.error));
      else caller?.resolve(answer.result);
    });
    const failAll = (error: Error) => {
      if (current === thread) current = undefined;
      for (const caller of waiting.values()) caller.reject(error);
      waiting.clear();
    };
    worker.on('error', (error) => failAll(new XmlThreadError(`${options.label} dừng vì lỗi: ${error.message}`)));
    worker.on('exit', (code) => failAll(new XmlThreadError(`${options.label} đã dừng (mã ${code})`)));
    return thread;
  }

  return {
    call<T>(request: Request): Promise<T> {
      clearTimeout(idleTimer);
      current ??= start();
      const { worker, waiting } = current;
      const id = nextId++;
      if (waiting.size === 0) worker.ref();
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ id, ...request });
      });
    },
    /** Posts `message` to the thread (started if it is not), ahead of the requests that follow. */
    post(message: unknown, transfer: MessagePort[]): void {
      clearTimeout(idleTimer);
      current ??= start();
      current.worker.postMessage(message, transfer);
    },
    /** Stops the thread; requests still waiting fail. */
    async close(): Promise<void> {
      await stop();
    },
    /** Whether a thread is alive now (it starts at the first request and stops when idle). */
    running: () => current !== undefined,
  };
}

/** The first message to an XML thread that signs with a token: its port to the token thread (src/signing/token-thread.ts). */
export interface TokenPortMessage {
  tokenPort: MessagePort;
}

export function createXmlThread(options: { idleStopMs?: number; tokenPort?: () => MessagePort } = {}) {
  /** Whether the thread alive now has its port to the token thread (given before its first token signature). */
  let connected = false;
  const thread = createRequestThread<XmlRequest>({
    script: XML_WORKER_SCRIPT,
    label: 'luồng ký XML',
    ...options,
    // One invoice at a time needs little memory; V8's default young generation alone would add ~30 MB.
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    onStart: () => {
      connected = false;
    },
  });
  function reachToken(identity: SigningMaterial): void {
    if (!identity.token || connected || !options.tokenPort) return;
    const port = options.tokenPort();
    thread.post({ tokenPort: port } satisfies TokenPortMessage, [port]);
    connected = true;
  }
  return {
    /** `signInvoiceXml` on the thread. */
    sign: (xml: string, options: SignOptions) => {
      reachToken(options.identity);
      return thread.call<string>({ op: 'sign', xml, options });
    },
    /**
     * An invoice's XML built on the thread from its committed data (`buildInvoiceXml`), signed there too when
     * `sign` is given: the loop only reads the invoice and hands it over.
     */
    document: (source: InvoiceDocumentSource, sign?: SignOptions) => {
      if (sign) reachToken(sign.identity);
      return thread.call<string>({ op: 'document', source, ...(sign ? { sign } : {}) });
    },
    /** A 206 package assembled from its invoices' stored signed XML, signed and deflated on the thread (signed-package.ts). */
    signPackage: (request: PackageRequest) => {
      reachToken(request.identity);
      return thread.call<SignedPackage>({ op: 'package', request });
    },
    /** `verifyInvoiceXml` on the thread: the problems found, none for a valid invoice. */
    verify: (xml: string) => thread.call<string[]>({ op: 'verify', xml }),
    close: thread.close,
    running: thread.running,
  };
}

export type XmlThread = ReturnType<typeof createXmlThread>;
