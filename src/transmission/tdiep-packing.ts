/**
 * Packing queued invoices into TDiep messages before they leave: cash-register invoices (symbol C..M..) in
 * a 206 package of their stored signed XML, signed and deflated (on the XML thread in the node), others one
 * by one in a 200. A message is stored with its exact text (`prepared`) and its invoices pointed at it in one
 * transaction, before anything leaves; sending and settling it is tdiep-worker.ts's.
 */
import type { Clock } from '../clock.js';
import type { WriteQueue } from '../db/write-queue.js';
import { localDateTime } from '../domain/calendar.js';
import type { SigningMaterial } from '../signing/keys.js';
import { packageFrame } from '../tax-messages/cash-register-package.js';
import { buildInvoiceForCode } from '../tax-messages/invoice-coding.js';
import type { InvoiceRef } from '../tax-messages/invoice-facts.js';
import { invoiceXmlProblem } from '../tax-messages/invoice-limits.js';
import { newMessageId } from '../tax-messages/message-id.js';
import { MESSAGE_TYPES } from '../tax-messages/message-types.js';
import { assemblePackage, type PackageRequest, type SignedPackage, withoutDeclaration } from '../xml/signed-package.js';
import type { LoopPacing } from './loop-pacing.js';
import { packText } from './message-text.js';
import type { TaxMessagesRepository } from './tax-messages.repository.js';
import type { TransmissionRepository, TransmissionRow } from './transmission.repository.js';

/** Who sends: MNGui (the registered code), MNNhan, the seller's MST and its signing identity. */
export interface SenderParty {
  senderCode: string;
  receiverCode: string;
  mst: string;
  identity: SigningMaterial;
}

/** An invoice as the worker packs it: its number, its seller, and whether it was issued in demo mode. */
export interface QueuedInvoice extends InvoiceRef {
  sellerMst: string;
  /** 1 for an invoice issued in demo mode: it never leaves for the tax authority (docs/decisions.md §7). */
  demo: number;
}

/** What packing needs (part of TdiepWorkerDeps, tdiep-worker.ts). */
export interface TdiepPackingDeps {
  write: WriteQueue['run'];
  queue: TransmissionRepository;
  messages: TaxMessagesRepository;
  /**
   * The invoice's signed XML as stored at issue (src/xml/invoice-xml.service.ts); it throws while the
   * invoice waits for its signature ("chờ ký"), which then stays queued: it never leaves unsigned.
   */
  render: (invoiceId: string) => Promise<string>;
  /** What the worker needs of a queued invoice, read from the database (never from a package's XML). */
  refOf: (invoiceId: string) => QueuedInvoice;
  /**
   * How a 206 package is made in the node: its invoices' stored signed XML assembled, the package signed
   * and deflated on the XML thread (src/xml/signed-package.ts), so that the package's megabyte strings never
   * reach the loop's heap. Without it the package is signed in line.
   */
  packages?: {
    sign: (request: PackageRequest) => Promise<SignedPackage>;
  };
  party: () => SenderParty;
  /** The built-in demo key, which signs the packages of demo invoices (the seller's when not given). */
  demoIdentity?: () => SigningMaterial;
  outcomes: {
    /** Invoices the node's own check held back before they left (one notice for them all). */
    heldBack(invoiceIds: string[], reason: string): void;
  };
  clock: Clock;
  /** Invoices in one 206 package (at most; 100 by default). */
  packageSize?: number;
  /**
   * The invoices' bytes in one package (at most; 1 MB by default): under the 2 MB of a message, and within
   * what the XML thread's heap can sign (a package of 250 bench invoices exhausted its 64 MB).
   */
  maxPackageBytes?: number;
}

const ZONE = 'Asia/Ho_Chi_Minh';
const isCashRegister = (ref: InvoiceRef) => ref.kyHieu[3] === 'M';

interface Queued {
  row: TransmissionRow;
  invoice: QueuedInvoice;
  /** Its signed XML as stored at issue. */
  xml: string;
}

export function createTdiepPacking(
  deps: TdiepPackingDeps,
  worker: { pacing: LoopPacing; nowIso: () => string; backoff: (attempts: number) => string },
) {
  const { write, queue, messages, outcomes, clock } = deps;
  const { pacing, nowIso, backoff } = worker;
  const { holding } = pacing;
  const packageSize = deps.packageSize ?? 100;
  const maxPackageBytes = deps.maxPackageBytes ?? 1_000_000;

  /** Stores a new message and points its invoices at it, in one transaction, before anything leaves. */
  async function prepare(type: string, text: string, messageId: string, invoices: TransmissionRow[]): Promise<void> {
    await store(type, await packText(text), messageId, invoices);
  }

  /** `prepare` for a message's text already deflated (message-text.ts). */
  async function store(type: string, xml: Buffer, messageId: string, invoices: TransmissionRow[]): Promise<void> {
    const at = nowIso();
    await write(() => {
      messages.insert({
        messageId,
        type,
        state: 'prepared',
        xml,
        attempts: 0,
        nextAttemptAt: at,
        lastError: null,
        createdAt: at,
        updatedAt: at,
      });
      for (const row of invoices)
        queue.save({ ...row, messageId, state: 'sent', attempts: row.attempts + 1, nextAttemptAt: at, updatedAt: at });
    });
  }

  /**
   * Queued invoices into messages: cash-register ones in 206 packages, others in a 200 each. Demo invoices
   * travel apart from the store's own, in messages of their seller (the demo seller's MST, or the seller
   * set while the certificate was still the demo one), so that a message is either demo or not.
   */
  async function packInvoices(): Promise<number> {
    const rows = queue.queuedDue(nowIso(), packageSize);
    if (rows.length === 0) return 0;
    const party = deps.party();
    const signingTime = localDateTime(clock.now(), ZONE);
    const groups = new Map<string, Queued[]>();
    const held: Array<{ row: TransmissionRow; reason: string }> = [];
    for (const row of rows) {
      const invoice = holding(() => deps.refOf(row.invoiceId));
      const xml = await signedOrPostponed(row);
      if (xml === undefined) continue;
      // The node's own check before it leaves: an invoice the authority's schema would refuse waits for the
      // owner alone, so that it never takes the rest of its package down with it.
      const problem = holding(() => invoiceXmlProblem(xml));
      if (problem) {
        held.push({ row, reason: problem });
        continue;
      }
      const key = invoice.demo === 1 ? `demo ${invoice.sellerMst}` : 'store';
      const group = groups.get(key);
      if (group) group.push({ row, invoice, xml });
      else groups.set(key, [{ row, invoice, xml }]);
      await pacing.paced();
    }
    if (held.length > 0) await holdBack(held);
    let left = 0;
    for (const group of groups.values()) {
      const { demo, sellerMst } = (group[0] as Queued).invoice;
      // A demo package is signed with the built-in demo key, never the seller's (docs/decisions.md §7).
      const sender =
        demo === 1
          ? {
              receiverCode: party.receiverCode,
              senderCode: sellerMst.replace(/\D/g, ''),
              mst: sellerMst,
              identity: deps.demoIdentity?.() ?? party.identity,
            }
          : party;
      left += await packGroup(group, sender, { signingTime, identity: sender.identity });
    }
    return rows.length - left;
  }

  /** Invoices that failed the node's own check: each to `attention` with its reason, the owner told once. */
  async function holdBack(held: Array<{ row: TransmissionRow; reason: string }>): Promise<void> {
    const at = nowIso();
    await write(() => {
      for (const { row, reason } of held)
        queue.save({ ...row, state: 'attention', lastError: reason.slice(0, 500), updatedAt: at });
      outcomes.heldBack(
        held.map(({ row }) => row.invoiceId),
        (held[0] as { reason: string }).reason,
      );
    });
  }

  /**
   * The invoice's stored signed XML; undefined for one that waits for its signature ("chờ ký"), which stays
   * queued and is looked at again later.
   */
  async function signedOrPostponed(row: TransmissionRow): Promise<string | undefined> {
    try {
      return await deps.render(row.invoiceId);
    } catch (error) {
      const lastError = (error as Error).message.slice(0, 500);
      await write(() => queue.save({ ...row, lastError, nextAttemptAt: backoff(1), updatedAt: nowIso() }));
      return undefined;
    }
  }

  /**
   * A 206 package of the signed invoices, from the first, within the byte budget (a message carries at most
   * 2 MB), signed and deflated; how many it carries.
   */
  async function signedPackage(invoices: string[], request: Omit<PackageRequest, 'invoices'>): Promise<SignedPackage> {
    if (deps.packages) return deps.packages.sign({ ...request, invoices });
    const { xml, count } = assemblePackage(request, invoices.map(withoutDeclaration));
    return { packed: await packText(xml), count };
  }

  /** One group's invoices into messages; how many wait for the next package (past the byte budget). */
  async function packGroup(
    queued: Queued[],
    party: SenderParty,
    signing: { signingTime: string; identity: SigningMaterial },
  ): Promise<number> {
    const cashRegister = queued.filter((q) => isCashRegister(q.invoice));
    const header = () => ({
      sender: party.senderCode,
      receiver: party.receiverCode,
      id: newMessageId(party.senderCode),
      mst: party.mst,
    });
    let packaged = 0;
    if (cashRegister.length > 0) {
      const h = header();
      const { packed, count } = await signedPackage(
        cashRegister.map((q) => q.xml),
        { frame: holding(() => packageFrame(h)), messageId: h.id, ...signing, maxBytes: maxPackageBytes },
      );
      packaged = count;
      await store(
        MESSAGE_TYPES.cashRegisterPackage,
        Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength),
        h.id,
        cashRegister.slice(0, count).map((q) => q.row),
      );
    }
    for (const single of queued.filter((q) => !isCashRegister(q.invoice))) {
      const h = header();
      await prepare(MESSAGE_TYPES.invoiceForCode, buildInvoiceForCode(h, single.xml), h.id, [single.row]);
    }
    return cashRegister.length - packaged;
  }

  return {
    /** Packs the queued invoices that are due into stored messages; answers how many it took from the queue. */
    packInvoices,
    prepare,
  };
}
