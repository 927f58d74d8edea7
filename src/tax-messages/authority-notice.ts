/**
 * What the notices of the authority (102, 103, 204, 301) share: `TBao/DLTBao[@Id]` opening with PBan,
 * MSo and Ten, the taxpayer (TNNT, MST), and the authority's signature over DLTBao in `DSCKS/CQT` (in
 * `DSCKS/TTCQT` for the 103). The message a notice is about is named by TTChung/MTDTChieu (and, in some,
 * by MGDDTu).
 */
import { el, renderXml, type XmlElement } from '../xml/xml-writer.js';
import { buildEnvelope, type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import { FORMAT_VERSION, type MessageType } from './message-types.js';
import { type SigningContext, signDocument } from './signatures.js';
import { MessageFormatError, requiredChild, requiredText } from './xml-read.js';

export const noticeDataId = (messageId: string) => `DLTBao-${messageId}`;

/**
 * The TBao of a notice, signed by the authority. `body` follows PBan, MSo and Ten inside DLTBao; `after`
 * are DLTBao's siblings before DSCKS (the 103's STBao); the 103 is signed under DSCKS/TTCQT, the others
 * under DSCKS/CQT (docs/tax-format.md §10).
 */
export function signedNotice(
  form: { code: string; title: string },
  body: Array<XmlElement | undefined>,
  dataId: string,
  signing: SigningContext,
  shape: { signer?: 'CQT' | 'TTCQT'; after?: XmlElement[] } = {},
): string {
  const signer = shape.signer ?? 'CQT';
  const xml = renderXml(
    el('TBao', [
      el('DLTBao', [el('PBan', FORMAT_VERSION), el('MSo', form.code), el('Ten', form.title), ...body], { Id: dataId }),
      ...(shape.after ?? []),
      el('DSCKS', [el(signer, [])]),
    ]),
  );
  return signDocument(xml, { ...signing, dataName: 'DLTBao', dataId, signer });
}

/** A notice message of `type` from the authority about the taxpayer `mst`. */
export function buildNotice(
  header: Omit<MessageHeader, 'type' | 'count'>,
  type: MessageType,
  form: { code: string; title: string },
  body: Array<XmlElement | undefined>,
  signing: SigningContext,
  shape: Parameters<typeof signedNotice>[4] = {},
): string {
  return buildEnvelope({ ...header, type, count: 1 }, [
    signedNotice(form, body, noticeDataId(header.id), signing, shape),
  ]);
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
