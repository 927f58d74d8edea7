/**
 * A 206 package assembled, signed and deflated on the XML thread (xml-thread.ts): its invoices, as they
 * were signed once at issue and stored (invoice-xml.service.ts), put in the package's envelope up to the
 * byte budget, the package signed (CKSNNT) and deflated as `tax_messages.xml` stores it. The package never
 * signs an invoice again. The megabyte strings of a package (the package before and after its signature,
 * the deflate input) live and die on the thread's heap, and the tills' requests no longer wait for the
 * collections of the loop's heap they caused.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { invoiceQrCode } from '../domain/invoice-qr.js';
import type { SigningMaterial } from '../signing/keys.js';
import { signPackage } from './xml-signature.js';

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

/** A stored signed invoice without its XML declaration, as a message carries it. */
export const withoutDeclaration = (xml: string) =>
  xml.startsWith(XML_DECLARATION) ? xml.slice(XML_DECLARATION.length) : xml;

/**
 * The signed invoice whose DLHDon has Id `dataId` as a stored message (a 206 package, a 200) carries it,
 * exactly; undefined when the message does not carry it.
 */
export function invoiceInMessage(message: string, dataId: string): string | undefined {
  const at = message.indexOf(`Id="${dataId}"`);
  if (at < 0) return undefined;
  const before = message.slice(0, at);
  const start = Math.max(before.lastIndexOf('<HDon>'), before.lastIndexOf('<HDon '));
  const end = message.indexOf('</HDon>', at);
  return start < 0 || end < 0 ? undefined : message.slice(start, end + '</HDon>'.length);
}

const textOf = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

/**
 * The signed invoice with DLQRCode after its MCCQT, before DSCKS, as a T-VAN's 206 carries it
 * (src/domain/invoice-qr.ts). Outside DLHDon, so the seller's signature over DLHDon still holds; an invoice
 * that has one already, or lacks the facts, is left as it is.
 */
export function withQrCode(invoice: string): string {
  if (invoice.includes('<DLQRCode>')) return invoice;
  const dataEnd = invoice.indexOf('</DLHDon>');
  const signatures = invoice.indexOf('<DSCKS', dataEnd);
  const invoiceId = /<DLHDon Id="DLHDon-([^"]+)"/.exec(invoice)?.[1];
  const seller = /<NBan>([\s\S]*?)<\/NBan>/.exec(invoice)?.[1];
  const facts = {
    sellerMst: seller && textOf(seller, 'MST'),
    mauSo: textOf(invoice, 'KHMSHDon'),
    kyHieu: textOf(invoice, 'KHHDon'),
    number: textOf(invoice, 'SHDon'),
    issueDate: textOf(invoice, 'NLap'),
    total: textOf(invoice, 'TgTTTBSo'),
  };
  const { sellerMst, mauSo, kyHieu, number, issueDate, total } = facts;
  if (dataEnd < 0 || signatures < 0 || !invoiceId || !sellerMst || !mauSo || !kyHieu || !number || !issueDate || !total)
    return invoice;
  const code = invoiceQrCode({ invoiceId, sellerMst, mauSo, kyHieu, number, issueDate, total });
  return `${invoice.slice(0, signatures)}<DLQRCode>${code}</DLQRCode>${invoice.slice(signatures)}`;
}

export interface PackageRequest {
  /** The invoices as stored at issue, signed, each with or without its XML declaration. */
  invoices: string[];
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

/** The package of the signed invoices (without their XML declaration), from the first, within the byte budget, signed. */
export function assemblePackage(
  request: Omit<PackageRequest, 'invoices'>,
  signedInvoices: Iterable<string>,
): { xml: string; count: number } {
  const taken: string[] = [];
  let bytes = 0;
  for (const stored of signedInvoices) {
    const xml = withQrCode(stored);
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
  const { xml, count } = assemblePackage(request, request.invoices.map(withoutDeclaration));
  return { packed: deflateRawSync(xml, DEFLATE_OPTIONS), count };
}
