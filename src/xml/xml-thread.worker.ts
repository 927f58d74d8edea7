/**
 * The XML thread's own script (see xml-thread.ts): bundled on its own as `dist/xml-worker.cjs`, with its
 * packages inside, so that the same text runs from a checkout, from dist/ and inside the executable.
 */
import { parentPort } from 'node:worker_threads';
import { callAndWait } from '../signing/sync-call.js';
import { useTokenSigner } from '../signing/token-signer.js';
import { buildInvoiceXml } from './invoice-xml.js';
import { signAndPackPackage } from './signed-package.js';
import { signInvoiceXml } from './xml-signature.js';
import { answerRequests } from './xml-thread.answer.js';
import type { TokenPortMessage, XmlRequest } from './xml-thread.js';
import { verifyInvoiceXml } from './xml-verify.js';

/** A signature on a USB token takes tens of milliseconds; a stuck token must not hold the thread for ever. */
const TOKEN_WAIT_MS = 15_000;

// Signature values of a key on a token come from the token thread, waited for here (off the event loop).
parentPort?.on('message', (message: Partial<TokenPortMessage>) => {
  const port = message.tokenPort;
  if (port)
    useTokenSigner((ref, data) =>
      Buffer.from(
        callAndWait<string>(port, { op: 'sign', ref, data: data.toString('base64') }, TOKEN_WAIT_MS),
        'base64',
      ),
    );
});

/** An invoice's XML from its committed data, signed when the request says how (xml-thread.ts `document`). */
function documentXml(request: Extract<XmlRequest, { op: 'document' }>): string {
  const { invoice, related, profile } = request.source;
  const xml = buildInvoiceXml(invoice, related, profile);
  return request.sign ? signInvoiceXml(xml, request.sign) : xml;
}

answerRequests<XmlRequest>((request) =>
  request.op === 'sign'
    ? signInvoiceXml(request.xml, request.options)
    : request.op === 'document'
      ? documentXml(request)
      : request.op === 'package'
        ? signAndPackPackage(request.request)
        : verifyInvoiceXml(request.xml),
);
