/**
 * A 206 package signed and deflated on the XML thread (xml-thread.ts): its invoices signed one by one up
 * to the byte budget, put in the package's envelope, the package signed (CKSNNT) and deflated as
 * `tax_messages.xml` stores it. The event loop only builds each invoice's unsigned XML (a fraction of a
 * millisecond) and gets back the compressed bytes: the megabyte strings of a package (the signed invoices,
 * the package before and after its signature, the deflate input) live and die on the thread's heap, and
 * the tills' requests no longer wait for the collections of the loop's heap they caused.
 */
import { constants, deflateRawSync } from 'node:zlib';
import type { SigningMaterial } from '../signing/keys.js';
import { signInvoiceXml, signPackage } from './xml-signature.js';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * The envelope around a package's invoices (src/tax-messages/cash-register-package.ts builds it): the
 * invoices' count (SLuong, the last element of TTChung) goes between `head` and `middle`, the invoices
 * between `middle` and `tail`.
 */
export interface PackageFrame {
  head: string;
  middle: string;
  tail: string;
}

export const fillFrame = (frame: PackageFrame, invoices: string[]) =>
  `${frame.head}${invoices.length}${frame.middle}${invoices.join('')}${frame.tail}`;

/** An invoice of a package as the loop hands it over: unsigned, with what its signature names. */
export interface UnsignedInvoice {
  xml: string;
  dataId: string;
  signingTime: string;
}

export interface PackageRequest {
  invoices: UnsignedInvoice[];
  frame: PackageFrame;
  /** MTDiep: the package signature's Id is `CKSNNT-<messageId>`. */
  messageId: string;
  signingTime: string;
  identity: SigningMaterial;
  /** The signed invoices' bytes (each with its XML declaration) at most, the first invoice whatever its size. */
  maxBytes: number;
}

export interface SignedPackage {
  /** The signed package, deflated (raw, fastest level) as src/transmission/message-text.ts stores text. */
  packed: Uint8Array;
  /** How many of the request's invoices, from the first, the package carries; the rest wait for the next. */
  count: number;
}

/** The raw deflate `tax_messages.xml` holds (src/transmission/message-text.ts inflates it). */
export const DEFLATE_OPTIONS = { level: constants.Z_BEST_SPEED };

/**
 * The package of the invoices, from the first, within the byte budget, signed. `signedInvoices` (without
 * their XML declaration) may be lazy, so that no invoice past the budget is signed.
 */
export function assemblePackage(
  request: Omit<PackageRequest, 'invoices'>,
  signedInvoices: Iterable<string>,
): { xml: string; count: number } {
  const taken: string[] = [];
  let bytes = 0;
  for (const xml of signedInvoices) {
    bytes += XML_DECLARATION.length + Buffer.byteLength(xml, 'utf8');
    if (taken.length > 0 && bytes > request.maxBytes) break;
    taken.push(xml);
  }
  const { signingTime, identity, messageId } = request;
  return {
    xml: signPackage(fillFrame(request.frame, taken), { signingTime, identity, messageId }),
    count: taken.length,
  };
}

export function signAndPackPackage(request: PackageRequest): SignedPackage {
  const { identity } = request;
  function* signed() {
    for (const { xml, dataId, signingTime } of request.invoices)
      yield signInvoiceXml(xml, { dataId, signingTime, identity });
  }
  const { xml, count } = assemblePackage(request, signed());
  return { packed: deflateRawSync(xml, DEFLATE_OPTIONS), count };
}
