/**
 * The XML thread's own script (see xml-thread.ts): bundled on its own as `dist/xml-worker.cjs`, with its
 * packages inside, so that the same text runs from a checkout, from dist/ and inside the executable.
 */
import { parentPort } from 'node:worker_threads';
import type { XmlRequest } from './xml-thread.js';
import { signInvoiceXml, signPackage } from './xml-signature.js';
import { verifyInvoiceXml } from './xml-verify.js';

const port = parentPort;
if (!port) throw new Error('xml-thread.worker runs on a worker thread only');

port.on('message', (request: XmlRequest & { id: number }) => {
  try {
    const result =
      request.op === 'sign'
        ? signInvoiceXml(request.xml, request.options)
        : request.op === 'signPackage'
          ? signPackage(request.xml, request.options)
          : verifyInvoiceXml(request.xml);
    port.postMessage({ id: request.id, result });
  } catch (error) {
    port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
