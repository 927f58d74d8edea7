/**
 * What the notices of the authority (102, 103, 204, 301) share: `TBao/DLTBao[@Id]` opening with PBan,
 * MSo and Ten, the taxpayer (TNNT, MST), MGDDTu (the MTDiep of the message the notice is about), and the
 * authority's signature in `DSCKS/CQT` over DLTBao.
 */
import { el, renderXml, type XmlElement } from '../xml/xml-writer.js';
import { buildEnvelope, type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import { FORMAT_VERSION, type MessageType } from './message-types.js';
import { type SigningContext, signDocument } from './signatures.js';
import { MessageFormatError, requiredChild, requiredText } from './xml-read.js';

export const noticeDataId = (messageId: string) => `DLTBao-${messageId}`;

/** The TBao of a notice, signed by the authority. `body` follows PBan, MSo and Ten inside DLTBao. */
export function signedNotice(
  form: { code: string; title: string },
  body: Array<XmlElement | undefined>,
  dataId: string,
  signing: SigningContext,
): string {
  const xml = renderXml(
    el('TBao', [
      el('DLTBao', [el('PBan', FORMAT_VERSION), el('MSo', form.code), el('Ten', form.title), ...body], { Id: dataId }),
      el('DSCKS', [el('CQT', [])]),
    ]),
  );
  return signDocument(xml, { ...signing, dataName: 'DLTBao', dataId, signer: 'CQT' });
}

/** A notice message of `type` from the authority about the taxpayer `mst`. */
export function buildNotice(
  header: Omit<MessageHeader, 'type' | 'count'>,
  type: MessageType,
  form: { code: string; title: string },
  body: Array<XmlElement | undefined>,
  signing: SigningContext,
): string {
  return buildEnvelope({ ...header, type, count: 1 }, [signedNotice(form, body, noticeDataId(header.id), signing)]);
}

/** The DLTBao of a notice of `type`, after checking the type and the form. */
export function noticeData(envelope: Envelope, type: MessageType, formCode: string): Element {
  if (envelope.header.type !== type)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải ${type}`);
  const data = requiredChild(onlyDocument(envelope, 'TBao'), 'DLTBao');
  const form = requiredText(data, 'MSo');
  if (form !== formCode) throw new MessageFormatError(`Mẫu ${form} thay vì ${formCode}`);
  return data;
}

/** The signed TBao of a notice message, for a signature check. */
export const noticeDocument = (envelope: Envelope) => onlyDocument(envelope, 'TBao');
