/**
 * -1, the answer to a message that cannot be read as a TDiep at all (not XML, not the schema). Its shape
 * is unconfirmed: chosen as a 999 body with TTTNhan 1, MTDiep and MNGui of the message when they could be
 * read, empty otherwise.
 */
import { buildEnvelope, type Envelope, type MessageHeader } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { readAckBody, renderAckBody, type TechnicalAck } from './technical-ack.js';
import { MessageFormatError } from './xml-read.js';

export type FormatError = Omit<TechnicalAck, 'received'>;

export const buildFormatError = (header: Omit<MessageHeader, 'type' | 'mst' | 'count'>, error: FormatError) =>
  buildEnvelope({ ...header, type: MESSAGE_TYPES.formatError }, [renderAckBody({ ...error, received: false })]);

export function readFormatError(envelope: Envelope): FormatError {
  if (envelope.header.type !== MESSAGE_TYPES.formatError)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải -1`);
  const { received: _received, ...error } = readAckBody(envelope);
  return error;
}
