/**
 * The TDiep envelope every message travels in: TTChung (who sends what to whom, under which id, answering
 * which message), DLieu (the documents) and, on packages, CKSNNT (the taxpayer's signature over the
 * package). Pure: text in, text out.
 */
import { el, renderXml } from '../xml/xml-writer.js';
import { FORMAT_VERSION, MESSAGE_TYPE_CODES, type MessageType } from './message-types.js';
import {
  child,
  childElements,
  MessageFormatError,
  optionalText,
  parseXml,
  requiredChild,
  requiredText,
} from './xml-read.js';

export interface MessageHeader {
  /** MNGui, MNNhan: party codes. */
  sender: string;
  receiver: string;
  /** MLTDiep. */
  type: MessageType;
  /** MTDiep. */
  id: string;
  /** MTDTChieu: the MTDiep of the message answered; absent on a first send. */
  replyTo?: string;
  /** MST of the taxpayer concerned (absent on 999 and -1). */
  mst?: string;
  /** SLuong: documents in DLieu (absent on 999 and -1). */
  count?: number;
  /** PBan; FORMAT_VERSION when absent. */
  version?: string;
}

export function renderHeader(header: MessageHeader): string {
  return renderXml(
    el('TTChung', [
      el('PBan', header.version ?? FORMAT_VERSION),
      el('MNGui', header.sender),
      el('MNNhan', header.receiver),
      el('MLTDiep', header.type),
      el('MTDiep', header.id),
      // Present and empty on a first send, as the samples write it.
      { name: 'MTDTChieu', attributes: {}, content: header.replyTo ?? '' },
      el('MST', header.mst),
      el('SLuong', header.count),
    ]),
  );
}

/**
 * A TDiep around documents already rendered (signed invoices, signed notices). `packageDataId` gives DLieu
 * that Id and leaves an empty CKSNNT for signPackage (206), which signs DLieu by it.
 */
export function buildEnvelope(header: MessageHeader, documents: string[], packageDataId?: string): string {
  const data = packageDataId === undefined ? '<DLieu>' : `<DLieu Id="${packageDataId}">`;
  return `<TDiep>${renderHeader(header)}${data}${documents.join('')}</DLieu>${packageDataId === undefined ? '' : '<CKSNNT></CKSNNT>'}</TDiep>`;
}

export interface Envelope {
  header: MessageHeader;
  /** DLieu: its child elements are the documents. */
  data: Element;
  root: Element;
}

export function readHeader(root: Element): MessageHeader {
  if (root.localName !== 'TDiep') throw new MessageFormatError(`Phần tử gốc ${root.localName} thay vì TDiep`);
  const general = requiredChild(root, 'TTChung');
  const type = requiredText(general, 'MLTDiep');
  if (!MESSAGE_TYPE_CODES.includes(type as MessageType))
    throw new MessageFormatError(`Loại thông điệp ${type} không được hỗ trợ`);
  const count = optionalText(general, 'SLuong');
  return {
    version: requiredText(general, 'PBan'),
    sender: requiredText(general, 'MNGui'),
    receiver: requiredText(general, 'MNNhan'),
    type: type as MessageType,
    id: requiredText(general, 'MTDiep'),
    replyTo: optionalText(general, 'MTDTChieu'),
    mst: optionalText(general, 'MST'),
    count: count === undefined ? undefined : Number(count),
  };
}

export function parseEnvelope(xml: string): Envelope {
  const root = parseXml(xml);
  return { header: readHeader(root), data: requiredChild(root, 'DLieu'), root };
}

/** The documents of DLieu named `name`. */
export const documentsOf = (envelope: Envelope, name: string): Element[] =>
  childElements(envelope.data).filter((e) => e.localName === name);

/** The one document a message carries (TKhai, TBao, HDon), or a format error. */
export function onlyDocument(envelope: Envelope, name: string): Element {
  const found = documentsOf(envelope, name);
  if (found.length !== 1) throw new MessageFormatError(`DLieu phải có đúng một ${name}`);
  return found[0] as Element;
}

export const packageSignatureOf = (envelope: Envelope) => child(child(envelope.root, 'CKSNNT'), 'Signature');
