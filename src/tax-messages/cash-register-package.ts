/**
 * 206: cash-register invoices (each signed by the seller and carrying the code it minted) sent in one
 * package, SLuong = n, signed as real senders sign it (docs/tax-format.md §10, [VB], [WT]): `<DLieu
 * Id="_<MTDiep>">` holds the invoices, and CKSNNT's Signature references `#_<MTDiep>` with the enveloped
 * transform, then its SigningTime. Each package gets a new MTDiep; MTDTChieu stays empty.
 */

import { fillFrame, type PackageFrame, withQrCode } from '../xml/signed-package.js';
import { packageDataId, signPackage } from '../xml/xml-signature.js';
import { buildEnvelope, documentsOf, type Envelope, type MessageHeader } from './envelope.js';
import { type InvoiceFacts, readInvoiceFacts } from './invoice-facts.js';
import { MESSAGE_TYPES } from './message-types.js';
import type { SigningContext } from './signatures.js';
import { MessageFormatError } from './xml-read.js';

const XML_DECLARATION = /^<\?xml[^>]*\?>/;
const COUNT = '<SLuong>';
const COUNT_END = '</SLuong>';

/**
 * The package's envelope with an empty CKSNNT, cut where its count and its invoices go, for the XML thread
 * to fill (src/xml/signed-package.ts).
 */
export function packageFrame(header: Omit<MessageHeader, 'type' | 'count' | 'replyTo'>): PackageFrame {
  const dataId = packageDataId(header.id);
  const empty = buildEnvelope({ ...header, type: MESSAGE_TYPES.cashRegisterPackage, count: 0 }, [], dataId);
  const [head, rest] = empty.split(`${COUNT}0${COUNT_END}`) as [string, string];
  const open = `<DLieu Id="${dataId}">`;
  const [middle, tail] = rest.split(`${open}</DLieu>`) as [string, string];
  return { head: `${head}${COUNT}`, middle: `${COUNT_END}${middle}${open}`, tail: `</DLieu>${tail}` };
}

/** The package with an empty CKSNNT, for signPackage. */
export function buildUnsignedPackage(
  header: Omit<MessageHeader, 'type' | 'count' | 'replyTo'>,
  signedInvoices: string[],
) {
  if (signedInvoices.length === 0) throw new Error('Gói 206 cần ít nhất một hóa đơn');
  return fillFrame(
    packageFrame(header),
    signedInvoices.map((xml) => withQrCode(xml.replace(XML_DECLARATION, ''))),
  );
}

export function buildCashRegisterPackage(
  header: Omit<MessageHeader, 'type' | 'count' | 'replyTo'>,
  signedInvoices: string[],
  signing: SigningContext,
): string {
  return signPackage(buildUnsignedPackage(header, signedInvoices), { ...signing, messageId: header.id });
}

export interface PackageInvoice {
  element: Element;
  facts: InvoiceFacts;
}

export function readCashRegisterPackage(envelope: Envelope): PackageInvoice[] {
  if (envelope.header.type !== MESSAGE_TYPES.cashRegisterPackage)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải 206`);
  const invoices = documentsOf(envelope, 'HDon');
  if (invoices.length !== envelope.header.count)
    throw new MessageFormatError(`SLuong ${envelope.header.count} nhưng gói có ${invoices.length} hóa đơn`);
  return invoices.map((element) => ({ element, facts: readInvoiceFacts(element) }));
}
