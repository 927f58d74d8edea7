/**
 * The XML thread's own script (see xml-thread.ts): bundled on its own as `dist/xml-worker.cjs`, with its
 * packages inside, so that the same text runs from a checkout, from dist/ and inside the executable.
 */
import type { XmlRequest } from './xml-thread.js';
import { answerRequests } from './xml-thread.answer.js';
import { signAndPackPackage } from './signed-package.js';
import { signInvoiceXml } from './xml-signature.js';
import { verifyInvoiceXml } from './xml-verify.js';

answerRequests<XmlRequest>((request) =>
  request.op === 'sign'
    ? signInvoiceXml(request.xml, request.options)
    : request.op === 'package'
      ? signAndPackPackage(request.request)
      : verifyInvoiceXml(request.xml),
);
