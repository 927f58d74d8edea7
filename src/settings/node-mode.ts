/**
 * Demo mode (docs/decisions.md §7): until the seller is set (name and MST), the seller's own certificate is
 * imported, a real adapter is configured (the T-VAN over HTTP, not the embedded simulator) and the tax
 * authority has accepted the store's registration (103) and given the 5 characters of its cash-register codes
 * (the 103's MCCQT, or the owner's entry when a real 103 carries none), the node issues demo invoices, which are marked
 * `demo` for ever, numbered in a series of their own, signed with the built-in demo key, bear the demo mark
 * on paper and in their XML, and go to the embedded simulator only. Pure rules over those facts.
 *
 * The first two let the node send for real (its registration goes to the configured adapter); all of them make
 * it live.
 */
import { rememberedUntilChanged } from '../db/data-generation.js';
import type { StoreConfig } from './settings.documents.js';

/** Printed on every PDF and receipt of a demo invoice. */
export const DEMO_MARK = 'HÓA ĐƠN DÙNG THỬ – không có giá trị pháp lý';

/** The title (THDon, the PDF's and the receipt's heading) of a demo document: it cannot pass for an invoice. */
export const DEMO_TITLE = 'HÓA ĐƠN DÙNG THỬ – KHÔNG CÓ GIÁ TRỊ PHÁP LÝ';

/**
 * The seller a demo invoice names while no seller is set. The MST has a valid check digit (the XML and the
 * simulator check it) but province code 99, which no province has.
 */
export const DEMO_SELLER = {
  name: 'CỬA HÀNG DÙNG THỬ (hoadon demo, không có giá trị pháp lý)',
  mst: '9999999997',
  address: 'Địa chỉ dùng thử',
} as const;

export type NodeMode = 'demo' | 'live';

/** The header of every API answer that says the node's mode (docs/api.md "Demo mode"). */
export const MODE_HEADER = 'hoadon-mode';

type Seller = StoreConfig['seller'];

export const sellerIsSet = (seller: Seller): boolean => seller.name.trim() !== '' && seller.mst.trim() !== '';

/**
 * A registration counts for the adapter configured now only if it was answered since the adapter was last
 * changed: one accepted by the embedded simulator never makes a node live on the T-VAN.
 */
/** What node mode reads of the store's registration (src/transmission keeps it). */
export interface RegistrationRow {
  state: NonNullable<ModeFacts['registration']>;
  updatedAt: string;
  cashRegisterPrefix: string | null;
}

export function registrationFor(
  registration: Omit<RegistrationRow, 'cashRegisterPrefix'> | undefined,
  adapterChangedAt: string | undefined,
): ModeFacts['registration'] {
  if (!registration) return undefined;
  return adapterChangedAt === undefined || registration.updatedAt >= adapterChangedAt ? registration.state : undefined;
}

/** What the node is live or not from. */
export interface ModeFacts {
  seller: Seller;
  certificate: 'demo' | 'imported';
  adapter: 'embedded' | 'http';
  /** The state of the store's registration (01/ĐKTĐ-HĐĐT), undefined before any. */
  registration: 'sent' | 'received' | 'accepted' | 'refused' | undefined;
  /**
   * Whether the node holds the 5 characters the authority gives for cash-register codes (the 103's MCCQT,
   * or entered by the owner when a real 103 carries none): every code minted at issue holds them.
   */
  cashRegisterPrefix: boolean;
}

/**
 * What is missing before the node may send to a real tax authority (its registration first), in
 * Vietnamese; empty once the seller and the seller's certificate are there.
 */
export function missingToSend(facts: Pick<ModeFacts, 'seller' | 'certificate'>): string[] {
  const missing: string[] = [];
  if (!sellerIsSet(facts.seller)) missing.push('thông tin người bán (tên và mã số thuế: PATCH /config seller)');
  if (facts.certificate !== 'imported') missing.push('chứng thư số của người bán (`hoadon cert import`)');
  return missing;
}

/** What is missing before the node leaves demo mode, in Vietnamese (GET /health `missing`); empty when it is live. */
export function missingForLive(facts: ModeFacts): string[] {
  const missing = missingToSend(facts);
  if (facts.adapter !== 'http')
    missing.push('nơi nhận hóa đơn thật: T-VAN qua HTTP (PATCH /config transmission.adapter "http" và url)');
  if (facts.registration !== 'accepted')
    missing.push(
      facts.registration === 'refused'
        ? 'tờ khai đăng ký sử dụng hóa đơn điện tử được chấp nhận: cơ quan thuế đã không chấp nhận, hãy gửi lại (POST /transmission/registration)'
        : facts.registration === undefined
          ? 'tờ khai đăng ký sử dụng hóa đơn điện tử (01/ĐKTĐ-HĐĐT) được cơ quan thuế chấp nhận: gửi ở POST /transmission/registration'
          : 'tờ khai đăng ký sử dụng hóa đơn điện tử đang chờ cơ quan thuế chấp nhận (103)',
    );
  else if (!facts.cashRegisterPrefix)
    missing.push(
      '5 ký tự mã hóa đơn máy tính tiền (MCCQT) mà thông báo chấp nhận 01/TB-ĐKĐT không ghi: xem trên cổng hóa đơn ' +
        'điện tử của cơ quan thuế (hoadondientu.gdt.gov.vn) và nhập ở PUT /transmission/registration/cash-register-prefix',
    );
  return missing;
}

export const modeOf = (facts: ModeFacts): NodeMode => (missingForLive(facts).length === 0 ? 'live' : 'demo');

/** Who the next invoice names as seller: the configured seller once set, else the demo seller. */
export const issuingSeller = (seller: Seller): { name: string; mst: string; address: string } =>
  sellerIsSet(seller) ? { name: seller.name, mst: seller.mst, address: seller.address } : { ...DEMO_SELLER };

export function createNodeMode(deps: {
  seller: () => Seller;
  certificate: () => 'demo' | 'imported';
  adapter: () => 'embedded' | 'http';
  /** The store's registration as last answered (one read gives its state and the 5 characters). */
  registration: () => RegistrationRow | undefined;
  /** When the config's adapter last changed (settings.repository.ts). */
  adapterChangedAt: () => string | undefined;
  /**
   * Moves whenever the tables the facts come from may have changed (src/db/data-generation.ts): they are
   * then read again; in between, every answer's mode header costs one look at it (tests of the rules alone
   * read them every time).
   */
  generation?: () => number;
}) {
  const read = (certificate: ModeFacts['certificate']): ModeFacts => {
    const registration = deps.registration();
    return {
      seller: deps.seller(),
      certificate,
      adapter: deps.adapter(),
      registration: registrationFor(registration, deps.adapterChangedAt()),
      cashRegisterPrefix: Boolean(registration?.cashRegisterPrefix),
    };
  };
  // The certificate is a file, not a row: it is the key the facts are remembered by.
  const remembered = deps.generation ? rememberedUntilChanged(deps.generation, read) : read;
  const facts = (): ModeFacts => remembered(deps.certificate());
  const mode = (): NodeMode => modeOf(facts());
  return {
    mode,
    missing: () => missingForLive(facts()),
    /** What the node still needs before its messages may go to the adapter configured (else the simulator). */
    missingToSend: () => missingToSend({ seller: deps.seller(), certificate: deps.certificate() }),
    /** Whether the store's own messages go to the adapter configured rather than the embedded simulator. */
    canSend: () => missingToSend({ seller: deps.seller(), certificate: deps.certificate() }).length === 0,
    /** What an invoice issued now carries (src/invoices issue). */
    issuer: () => {
      const current = facts();
      const demo = modeOf(current) === 'demo';
      // A demo document names the built-in demo seller whatever seller is set: it cannot pass for the
      // seller's invoice (docs/invoices.md, "Demo invoices").
      return { seller: demo ? { ...DEMO_SELLER } : issuingSeller(current.seller), demo };
    },
  };
}

export type NodeModeService = ReturnType<typeof createNodeMode>;
