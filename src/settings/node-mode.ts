/**
 * Demo mode (decisions §7): until the seller is set (name and MST) and the seller's own certificate is
 * imported, the node issues demo invoices, which name a seller that says it is a demo, are marked `demo` for
 * ever, bear the demo mark on paper and go to the embedded simulator only. Pure rules over the two facts.
 */
import type { StoreConfig } from './settings.documents.js';

/** Printed on every PDF and receipt of a demo invoice. */
export const DEMO_MARK = 'HÓA ĐƠN DÙNG THỬ – không có giá trị pháp lý';

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

type Seller = StoreConfig['seller'];

export const sellerIsSet = (seller: Seller): boolean => seller.name.trim() !== '' && seller.mst.trim() !== '';

/** What is missing before the node leaves demo mode, in Vietnamese; empty when it is live. */
export function missingForLive(seller: Seller, certificate: 'demo' | 'imported'): string[] {
  const missing: string[] = [];
  if (!sellerIsSet(seller)) missing.push('thông tin người bán (tên và mã số thuế: PATCH /config seller)');
  if (certificate !== 'imported') missing.push('chứng thư số của người bán (`hoadon cert import`)');
  return missing;
}

export const modeOf = (seller: Seller, certificate: 'demo' | 'imported'): NodeMode =>
  missingForLive(seller, certificate).length === 0 ? 'live' : 'demo';

/** Who the next invoice names as seller: the configured seller once set, else the demo seller. */
export const issuingSeller = (seller: Seller): { name: string; mst: string; address: string } =>
  sellerIsSet(seller) ? { name: seller.name, mst: seller.mst, address: seller.address } : { ...DEMO_SELLER };

export function createNodeMode(deps: { seller: () => Seller; certificate: () => 'demo' | 'imported' }) {
  const mode = (): NodeMode => modeOf(deps.seller(), deps.certificate());
  return {
    mode,
    missing: () => missingForLive(deps.seller(), deps.certificate()),
    /** What an invoice issued now carries (src/invoices issue). */
    issuer: () => {
      const seller = deps.seller();
      return { seller: issuingSeller(seller), demo: modeOf(seller, deps.certificate()) === 'demo' };
    },
  };
}

export type NodeModeService = ReturnType<typeof createNodeMode>;
