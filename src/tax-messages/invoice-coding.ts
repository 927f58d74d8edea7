/**
 * 200 → 202: an invoice sent alone to receive the authority's code, and the coded invoice sent back. The
 * 202 is the seller's HDon with `MCCQT Id=…` inserted after DLHDon and the authority's signature in
 * DSCKS/CQT over DLHDon, its SigningTime and MCCQT (as in the real 202 [R202]). The seller's signature
 * still holds: inclusive C14N of DLHDon does not depend on what is added beside it.
 */
import { DOMParser } from '@xmldom/xmldom';
import { signXml } from '../xml/xml-signature.js';
import { buildEnvelope, type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import { type InvoiceFacts, readInvoiceFacts } from './invoice-facts.js';
import { MESSAGE_TYPES } from './message-types.js';
import type { SigningContext } from './signatures.js';
import { child, MessageFormatError, requiredChild, serialize } from './xml-read.js';

const XML_DECLARATION = /^<\?xml[^>]*\?>/;

export const buildInvoiceForCode = (header: Omit<MessageHeader, 'type' | 'count' | 'replyTo'>, signedInvoice: string) =>
  buildEnvelope({ ...header, type: MESSAGE_TYPES.invoiceForCode, count: 1 }, [
    signedInvoice.replace(XML_DECLARATION, ''),
  ]);

export function readInvoiceForCode(envelope: Envelope): { element: Element; facts: InvoiceFacts } {
  if (envelope.header.type !== MESSAGE_TYPES.invoiceForCode)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải 200`);
  const element = onlyDocument(envelope, 'HDon');
  return { element, facts: readInvoiceFacts(element) };
}

const at = (name: string) => `*[local-name(.)='${name}']`;

/** The seller's HDon with the authority's MCCQT and signature: the document a 202 carries. */
export function codeInvoice(
  sellerInvoice: Element,
  code: { authorityCode: string; codeId: string },
  signing: SigningContext,
): string {
  const document = new DOMParser().parseFromString(serialize(sellerInvoice), 'text/xml');
  const hdon = document.documentElement as unknown as Element;
  const data = requiredChild(hdon, 'DLHDon');
  const signatures = requiredChild(hdon, 'DSCKS');
  const mccqt = document.createElement('MCCQT');
  mccqt.setAttribute('Id', code.codeId);
  mccqt.appendChild(document.createTextNode(code.authorityCode));
  const earlier = child(hdon, 'MCCQT');
  if (earlier) hdon.removeChild(earlier);
  hdon.insertBefore(mccqt as unknown as Node, data.nextSibling);
  signatures.appendChild(document.createElement('CQT') as unknown as Node);
  const dataId = data.getAttribute('Id') ?? '';
  return signXml(serialize(document as unknown as Document), {
    signed: [`/${at('HDon')}/${at('DLHDon')}[@Id='${dataId}']`, `/${at('HDon')}/${at('MCCQT')}[@Id='${code.codeId}']`],
    locationPath: `/${at('HDon')}/${at('DSCKS')}/${at('CQT')}`,
    signatureId: `CQT-${code.codeId}`,
    signingTime: signing.signingTime,
    identity: signing.identity,
  });
}

export const buildCodedInvoice = (header: Omit<MessageHeader, 'type' | 'count'>, codedInvoice: string) =>
  buildEnvelope({ ...header, type: MESSAGE_TYPES.codedInvoice, count: 1 }, [codedInvoice]);

export function readCodedInvoice(envelope: Envelope): {
  element: Element;
  facts: InvoiceFacts & { authorityCode: string };
} {
  if (envelope.header.type !== MESSAGE_TYPES.codedInvoice)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải 202`);
  const element = onlyDocument(envelope, 'HDon');
  const facts = readInvoiceFacts(element);
  if (!facts.authorityCode) throw new MessageFormatError('202 thiếu MCCQT');
  return { element, facts: { ...facts, authorityCode: facts.authorityCode } };
}
