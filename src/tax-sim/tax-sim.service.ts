/**
 * The simulated tax authority's rules for an invoice message: at most 2 MB, structure and seller signature
 * (verifyInvoiceXml), forced rejections from the faults, then numbering — a number already accepted for the
 * same seller MST, mauSo and kyHieu under another message id is rejected as a duplicate number. Idempotent
 * by message id: a message id seen before gets its first answer back unchanged. Everything between the
 * look-up and the insert is synchronous, so two concurrent copies of one message cannot both be recorded.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DOMParser, XMLSerializer, type Node as XmlNode } from '@xmldom/xmldom';
import type { Clock } from '../clock.js';
import { newMessageId } from '../transmission/tax-authority.js';
import { MAX_MESSAGE_BYTES, type MessageReply, type SubmitRequest } from '../transmission/tax-authority.protocol.js';
import { child } from '../xml/xml-structure.js';
import type { Faults } from './tax-sim.faults.js';
import type { TaxSimStore } from './tax-sim.store.js';

/** Sender code of the simulator's replies (MTDiep of a reply). */
export const AUTHORITY_SENDER_CODE = 'TCT';

interface InvoiceFacts {
  numberKey: string;
  number: string;
  symbol: string;
  fingerprint: string;
  authorityCode: string;
}

/** Numbering and the signed data of an invoice XML, or undefined when it cannot be read. */
function readInvoice(xml: string): InvoiceFacts | undefined {
  try {
    const root = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml')
      .documentElement as unknown as Element | null;
    const data = child(root ?? undefined, 'DLHDon');
    const general = child(data, 'TTChung');
    const text = (parent: Element | undefined, name: string) => child(parent, name)?.textContent?.trim() ?? '';
    if (!root || !data || !general) return undefined;
    const [mauSo, kyHieu, number] = [text(general, 'KHMSHDon'), text(general, 'KHHDon'), text(general, 'SHDon')];
    const sellerMst = text(child(child(data, 'NDHDon'), 'NBan'), 'MST');
    const signedData = new XMLSerializer().serializeToString(data as unknown as XmlNode);
    return {
      numberKey: [sellerMst, mauSo, kyHieu, number].join('|'),
      number,
      symbol: `${mauSo}${kyHieu}`,
      fingerprint: createHash('sha256').update(signedData).digest('hex'),
      authorityCode: text(root, 'MCCQT'),
    };
  } catch {
    return undefined;
  }
}

export function createTaxSimService(deps: {
  store: TaxSimStore;
  faults: Faults;
  verify: (xml: string) => string[];
  clock: Clock;
}) {
  const { store, faults, verify, clock } = deps;

  function decide(
    message: SubmitRequest,
    facts: InvoiceFacts | undefined,
  ): { status: 'accepted'; authorityCode: string } | { status: 'rejected'; reason: string } {
    if (Buffer.byteLength(message.xml, 'utf8') > MAX_MESSAGE_BYTES)
      return { status: 'rejected', reason: 'Thông điệp vượt quá 2 MB' };
    const problems = verify(message.xml);
    if (problems.length > 0) return { status: 'rejected', reason: problems.slice(0, 3).join('; ') };
    if (!facts) return { status: 'rejected', reason: 'Không đọc được số hóa đơn' };
    const forced = faults.takeRejection();
    if (forced) return { status: 'rejected', reason: forced };
    const taken = store.acceptedWithNumber(facts.numberKey);
    if (taken)
      return {
        status: 'rejected',
        reason: `Trùng số hóa đơn: ${facts.symbol} số ${facts.number} đã được tiếp nhận (thông điệp ${taken.messageId})`,
      };
    // A cash-register invoice carries the code its seller minted; others get a 34-character code here.
    return { status: 'accepted', authorityCode: facts.authorityCode || randomBytes(17).toString('hex').toUpperCase() };
  }

  return {
    receive(message: SubmitRequest): MessageReply {
      const known = store.find(message.messageId);
      if (known) {
        store.countResubmission(message.messageId);
        return known;
      }
      const facts = readInvoice(message.xml);
      const outcome = decide(message, facts);
      const at = clock.now().toISOString();
      const reply: MessageReply = {
        messageId: newMessageId(AUTHORITY_SENDER_CODE),
        replyTo: message.messageId,
        at,
        ...outcome,
      };
      store.record({
        messageId: message.messageId,
        invoiceId: message.invoiceId,
        numberKey: facts?.numberKey ?? null,
        fingerprint: facts?.fingerprint ?? null,
        reply,
        receivedAt: at,
      });
      return reply;
    },
    find: (messageId: string) => store.find(messageId),
    stats: () => store.stats(),
  };
}

export type TaxSimService = ReturnType<typeof createTaxSimService>;
