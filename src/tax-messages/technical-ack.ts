/**
 * 999, the technical acknowledgement: received (TTTNhan 0) or not received (TTTNhan 1, with reasons),
 * before any business check. TTChung carries neither MST nor SLuong. Also the shape of the format error -1
 * (format-error.ts).
 */
import { el, renderXml } from '../xml/xml-writer.js';
import { buildEnvelope, type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import { child, MessageFormatError, optionalText, requiredText } from './xml-read.js';

export interface TechnicalAck {
  /** MTDiep of the message acknowledged. */
  messageId: string;
  /** MNGui of the message acknowledged. */
  sender: string;
  /** NNhan: when it was received, "YYYY-MM-DDThh:mm:ss" GMT+7. */
  receivedAt: string;
  received: boolean;
  reasons: Reason[];
}

export function renderAckBody(ack: TechnicalAck): string {
  return renderXml(
    el('TBao', [
      el('MTDiep', ack.messageId),
      el('MNGui', ack.sender),
      el('NNhan', ack.receivedAt),
      el('TTTNhan', ack.received ? 0 : 1),
      reasonList('DSLDo', ack.reasons),
    ]),
  );
}

export const buildTechnicalAck = (header: Omit<MessageHeader, 'type' | 'mst' | 'count'>, ack: TechnicalAck) =>
  buildEnvelope({ ...header, type: MESSAGE_TYPES.technicalAck }, [renderAckBody(ack)]);

export function readAckBody(envelope: Envelope): TechnicalAck {
  const notice = onlyDocument(envelope, 'TBao');
  const state = requiredText(notice, 'TTTNhan');
  if (state !== '0' && state !== '1') throw new MessageFormatError(`TTTNhan ${state} không hợp lệ`);
  return {
    messageId: optionalText(notice, 'MTDiep') ?? '',
    sender: optionalText(notice, 'MNGui') ?? '',
    receivedAt: requiredText(notice, 'NNhan'),
    received: state === '0',
    reasons: readReasons(child(notice, 'DSLDo')),
  };
}

export function readTechnicalAck(envelope: Envelope): TechnicalAck {
  if (envelope.header.type !== MESSAGE_TYPES.technicalAck)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải 999`);
  return readAckBody(envelope);
}
