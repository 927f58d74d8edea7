/**
 * The one thread that talks to PKCS#11 tokens (token.ts): a library's state is per process, and SoftHSM
 * sees a token put back only after C_Finalize, which would cut every other thread's sessions. The event
 * loop asks it whether the token can sign (the issuing path, cached for a second by the signing store) and
 * to list a token's keys (`hoadon cert use-token`); each XML thread gets a port of its own to it and asks
 * it for the signature values of what it signs. Started at the first use; it holds a token session, so it
 * lives as long as the node (unref'd: it keeps no command alive).
 */
import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { assetFile, isSingleExecutable, readAsset } from '../assets.js';
import { callAndWait } from './sync-call.js';
import type { TokenKeyListing, TokenKeyRef, TokenListing } from './token.js';

/** Built by scripts/build.mjs (and into the executable by scripts/build-binary.mjs) from token.worker.ts. */
export const TOKEN_WORKER_SCRIPT = 'dist/token-worker.cjs';
/** pkcs11js's addon as an asset of the executable (N-API: the same file runs on the executable's Node). */
export const PKCS11_ADDON_ASSET = 'native/pkcs11.node';

export interface TokenThreadData {
  addonPath: string;
}

export type TokenRequest =
  | { op: 'check'; ref: TokenKeyRef }
  | { op: 'sign'; ref: TokenKeyRef; data: string }
  | { op: 'list'; module: string; token: string; pin: string }
  | { op: 'tokens'; module: string };

/** A signature takes tens of milliseconds on a USB token; a stuck one must not hold the caller for ever. */
const WAIT_MS = 15_000;
/**
 * A look at the token holds the issuing path (and the event loop) while it waits: a token that does not
 * answer within this is taken as absent.
 */
export const CHECK_WAIT_MS = 2_000;

function pkcs11AddonPath(): string {
  return isSingleExecutable()
    ? assetFile(PKCS11_ADDON_ASSET)
    : createRequire(import.meta.url).resolve('pkcs11js/build/Release/pkcs11.node');
}

let worker: Worker | undefined;

function thread(): Worker {
  if (!worker) {
    const started = new Worker(readAsset(TOKEN_WORKER_SCRIPT), {
      eval: true,
      workerData: { addonPath: pkcs11AddonPath() } satisfies TokenThreadData,
      resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 },
    });
    started.unref();
    started.on('exit', () => {
      if (worker === started) worker = undefined;
    });
    worker = started;
  }
  return worker;
}

/** Asks the token thread and waits for its answer (sync-call.ts). */
export const askTokenThread = <T>(request: TokenRequest, waitMs = WAIT_MS): T =>
  callAndWait<T>(thread(), request, waitMs);

/** A port to the token thread for another thread (an XML thread), to ask it with `callAndWait` itself. */
export function tokenThreadPort(): MessagePort {
  const { port1, port2 } = new MessageChannel();
  thread().postMessage({ connect: port1 }, [port1]);
  return port2;
}

export const listTokenKeys = (module: string, token: string, pin: string) =>
  askTokenThread<TokenKeyListing[]>({ op: 'list', module, token, pin });

export const listTokens = (module: string) => askTokenThread<TokenListing[]>({ op: 'tokens', module });
