/**
 * The JSON wire format between the node's HTTP adapter (http-tax-authority.ts) and the tax authority's
 * endpoint, here played by `hoadon tax-sim`. Both sides import these schemas, so they cannot drift.
 *
 *   POST {url}/messages            body SubmitRequest       → 200 envelope of MessageReply
 *   GET  {url}/messages/:messageId                          → 200 envelope of MessageReply, 404 unknown
 *
 * The message id (MTDiep) is the idempotency key: the same id always gets the first answer back.
 */
import { z } from 'zod';
import { ok } from '../http/envelope.js';

export const MESSAGES_PATH = '/messages';

/** A transmission message carries at most 2 MB (domain file). */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** MTDiep: the sender's code, then the 32 upper-case hex digits of a UUID v4 without dashes. */
export const messageId = z
  .string()
  .regex(/^[A-Z0-9]{1,14}[0-9A-F]{32}$/, 'MTDiep gồm mã bên gửi và 32 chữ số thập lục phân in hoa.')
  .describe('MTDiep');

export const submitRequest = z.object({
  messageId,
  invoiceId: z.string().min(1).max(200),
  xml: z
    .string()
    .min(1)
    .describe(`signed invoice XML, at most ${MAX_MESSAGE_BYTES} bytes (larger is answered rejected)`),
});
export type SubmitRequest = z.infer<typeof submitRequest>;

const replyBase = z.object({
  messageId: messageId.describe('MTDiep of the reply itself'),
  replyTo: messageId.describe('MTDTChieu: the message this answers'),
});

export const messageReply = z.discriminatedUnion('status', [
  replyBase.extend({
    status: z.literal('accepted'),
    at: z.iso.datetime(),
    authorityCode: z.string().min(1).max(64).describe('MCCQT: the code of the invoice at the tax authority'),
  }),
  replyBase.extend({ status: z.literal('rejected'), at: z.iso.datetime(), reason: z.string().min(1) }),
]);
export type MessageReply = z.infer<typeof messageReply>;

export const messageReplyEnvelope = ok(messageReply);
