/**
 * The node under the API load is a live shop's (decisions §7): its seller set, the seller's certificate
 * imported, the `http` adapter pointing at `hoadon tax-sim` (a process of its own at nice 10, standing for the
 * T-VAN on another machine) and its registration accepted. A demo node checks its own messages with the
 * embedded simulator on a thread of its own, which is not what a shop's machine carries once live.
 */
import { createSigningStore } from '../src/signing/signing.store.js';
import { LIVE_SELLER, REGISTRATION } from '../test/support/live-shop.js';
import { issueCertificate, newKeyPair, pkcs12Of, testCa, testCaFile } from '../test/support/test-ca.js';
import { login, startProcess, type Target } from './harness.js';

/** The environment the node needs to trust the seller's certificate (issued by the bench's own CA). */
const liveNodeEnv = (): NodeJS.ProcessEnv => ({ HOADON_TRUSTED_CA_FILE: testCaFile() });

/** Imports the seller's certificate into the data dir before the node starts on it. */
function importSeller(dataDir: string): void {
  const pair = newKeyPair();
  const certificate = issueCertificate({ publicKeyPem: pair.publicKeyPem, mst: LIVE_SELLER.mst });
  createSigningStore({
    dataDir,
    seller: () => LIVE_SELLER,
    now: () => new Date(),
    trustedRoots: [testCa().certificatePem],
  }).importPkcs12(pkcs12Of(pair, certificate), '');
}

/** Starts `hoadon tax-sim`, points the node at it and has its registration accepted; answers the simulator. */
async function takeLive(node: Target, headers: Record<string, string>): Promise<Target> {
  const taxSim = await startProcess('tax-sim', ['dist/hoadon.mjs', 'tax-sim', '--port', '{port}'], {}, '/health', 10);
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${node.base}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{ data: { mode?: string; missing?: string[] } }>;
  };
  await call('PATCH', '/config', { seller: LIVE_SELLER });
  await call('PATCH', '/config', { transmission: { adapter: 'http', url: taxSim.base } });
  await call('POST', '/transmission/registration', REGISTRATION);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = (await call('GET', '/health')).data;
    if (health.mode === 'live') return taxSim;
    if (Date.now() > deadline) throw new Error(`the bench node stayed in demo mode: ${health.missing?.join('; ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface LiveNode {
  node: Target;
  /** `hoadon tax-sim`, the node's authority. */
  taxSim: Target;
  /** The admin's bearer token and JSON, for every request. */
  auth: Record<string, string>;
  stop(): Promise<void>;
}

/** `hoadon serve` on `dataDir`, taken live against its own `hoadon tax-sim`. */
export async function startLiveNode(dataDir: string): Promise<LiveNode> {
  importSeller(dataDir);
  const node = await startProcess(
    'node',
    ['dist/hoadon.mjs', 'serve'],
    { HOADON_DATA_DIR: dataDir, ...liveNodeEnv() },
    '/api/v1/health',
  );
  try {
    const auth = { authorization: `Bearer ${await login(node.base)}`, 'content-type': 'application/json' };
    const taxSim = await takeLive(node, auth);
    return {
      node,
      taxSim,
      auth,
      stop: async () => {
        await node.stop();
        await taxSim.stop();
      },
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
