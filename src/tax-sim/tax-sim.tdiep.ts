/**
 * The simulated authority's side of the TDiep exchange. A message is answered at once with a 999:
 * TTTNhan 0 when it is received, TTTNhan 1 with reasons when its MTDiep was used before or it breaks its
 * schema (xmllint, src/tax-messages/schemas.ts); a message that is not a readable TDiep gets a -1. The
 * business replies (102/103, 204, 202, 301) become visible `replyDelayMs` later, and the look-up by
 * MTDiep returns every reply visible so far, in order — also to a sender who lost the first answer.
 */
import type { Clock } from '../clock.js';
import { localDateTime } from '../domain/calendar.js';
import { createDemoCertificate } from '../signing/certificates.js';
import type { SigningMaterial } from '../signing/keys.js';
import { type Envelope, readHeader } from '../tax-messages/envelope.js';
import { buildFormatError } from '../tax-messages/format-error.js';
import { newMessageId } from '../tax-messages/message-id.js';
import { AUTHORITY_CODE, MESSAGE_TYPES } from '../tax-messages/message-types.js';
import { buildTechnicalAck } from '../tax-messages/technical-ack.js';
import { child, MessageFormatError, parseXml } from '../tax-messages/xml-read.js';
import { businessReplies } from './tax-sim.tdiep-rules.js';
import type { TdiepStore } from './tax-sim.tdiep-store.js';

const ZONE = 'Asia/Ho_Chi_Minh';
export const REUSED_MESSAGE_ID = 'Mã thông điệp đã tồn tại';

export interface TdiepAuthorityDeps {
  store: TdiepStore;
  validate: (xml: string) => Promise<string[]>;
  clock: Clock;
  /** The authority's signing identity (made at first use by the caller if it likes). */
  identity: () => SigningMaterial;
  replyDelayMs: () => number;
  takeRejection: () => string | undefined;
}

/** The given identity, or a DEMO certificate of the simulated authority made at first use (an RSA key). */
export function authorityIdentity(given: SigningMaterial | undefined, clock: Clock): () => SigningMaterial {
  let identity = given;
  return () => {
    identity ??= createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, clock.now());
    return identity;
  };
}

export function createTdiepAuthority(deps: TdiepAuthorityDeps) {
  const { store, clock } = deps;
  const local = (instant: Date) => localDateTime(instant, ZONE);

  function ack(envelope: { id: string; sender: string }, received: boolean, reasons: { code: string; text: string }[]) {
    return buildTechnicalAck(
      { sender: AUTHORITY_CODE, receiver: envelope.sender, id: newMessageId(AUTHORITY_CODE), replyTo: envelope.id },
      { messageId: envelope.id, sender: envelope.sender, receivedAt: local(clock.now()), received, reasons },
    );
  }

  function formatError(reason: string, header?: { id: string; sender: string }) {
    return buildFormatError(
      {
        sender: AUTHORITY_CODE,
        receiver: header?.sender ?? AUTHORITY_CODE,
        id: newMessageId(AUTHORITY_CODE),
        replyTo: header?.id,
      },
      {
        messageId: header?.id ?? '',
        sender: header?.sender ?? '',
        receivedAt: local(clock.now()),
        reasons: [{ code: '-1', text: reason.slice(0, 255) }],
      },
    );
  }

  return {
    /** The immediate answer to a message: a 999 (TTTNhan 0 or 1) or a -1. */
    async receive(xml: string): Promise<string> {
      let envelope: Envelope;
      try {
        const root = parseXml(xml);
        envelope = { root, header: readHeader(root), data: child(root, 'DLieu') as Element };
      } catch (error) {
        return formatError(error instanceof MessageFormatError ? error.message : 'Không đọc được thông điệp');
      }
      const { header } = envelope;
      if (store.isKnown(header.id)) {
        store.countResubmission(header.id);
        return ack(header, false, [{ code: '1002', text: REUSED_MESSAGE_ID }]);
      }
      const problems = await deps.validate(xml);
      // Checked again: another copy of the message may have been recorded while xmllint ran.
      if (store.isKnown(header.id)) {
        store.countResubmission(header.id);
        return ack(header, false, [{ code: '1002', text: REUSED_MESSAGE_ID }]);
      }
      const now = clock.now();
      store.record(header.id, header.type, header.mst ?? null, now.toISOString());
      if (problems.length > 0) {
        const refused = ack(
          header,
          false,
          problems.slice(0, 5).map((text) => ({ code: '1001', text: text.slice(0, 255) })),
        );
        store.reply(header.id, MESSAGE_TYPES.technicalAck, refused, now.toISOString());
        return refused;
      }
      const received = ack(header, true, []);
      store.reply(header.id, MESSAGE_TYPES.technicalAck, received, now.toISOString());
      const later = new Date(now.getTime() + deps.replyDelayMs()).toISOString();
      let replies: { type: string; xml: string }[];
      try {
        replies = businessReplies(envelope, {
          store,
          signing: { signingTime: local(now), identity: deps.identity() },
          today: local(now).slice(0, 10),
          now: local(now),
          takeRejection: deps.takeRejection,
        });
      } catch (error) {
        // Valid for its schema but not readable by the rules (e.g. SLuong ≠ the invoices): a -1 later.
        replies = [{ type: MESSAGE_TYPES.formatError, xml: formatError((error as Error).message, header) }];
      }
      for (const reply of replies) store.reply(header.id, reply.type, reply.xml, later);
      return received;
    },
    /** Every reply to `messageId` visible now, oldest first; empty when it never arrived. */
    replies: (messageId: string) => store.replies(messageId, clock.now().toISOString()),
    isKnown: (messageId: string) => store.isKnown(messageId),
    stats: () => store.stats(),
  };
}

export type TdiepAuthority = ReturnType<typeof createTdiepAuthority>;
