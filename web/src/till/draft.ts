/**
 * The sale at the till before it is issued, kept in localStorage so that a reload or a closed tab loses
 * nothing. It carries the order id and the two idempotency keys of its issuing, made when the sale is
 * started and made again whenever it changes: a retry of the same sale repeats the same requests (the node
 * answers the stored result), a changed sale is a new request.
 */
import { newIdempotencyKey } from '../api/client';
import { amountText, type PaymentMethod } from '../base/format';

/** A tax rate (0.08) or a category without a rate: KCT not subject to VAT, KKKNT not declared. */
export type TaxChoice = number | 'KCT' | 'KKKNT';

/** A discount as typed: a percentage of the amount, or đồng off it. `text` is what the field holds. */
export interface Discount {
  mode: 'rate' | 'amount';
  text: string;
}

export interface SaleLine {
  /** The line's own key in the sale (a catalogue SKU may be sold on one line only, a free line has none). */
  id: string;
  sku?: string;
  name: string;
  unit?: string;
  unitPrice: number;
  tax: TaxChoice;
  quantity: number;
  /** What the quantity and price fields hold; they are read into the numbers only when they are valid. */
  quantityText: string;
  priceText: string;
  /** A promotional item: sold at 0 đồng, shown on the invoice as "khuyến mại". */
  promotion: boolean;
  /** The cashier said a 0-đồng line is not a promotion: it waits for a price. */
  notPromotion?: boolean;
  /** Typed at the till, not from the catalogue. */
  free: boolean;
  discount?: Discount;
}

/** The buyer as typed; the identity papers (CCCD, passport, budget unit code) are sent only when filled. */
export interface SaleBuyer {
  name: string;
  mst: string;
  address: string;
  /** Where the invoice is delivered (e-mail or phone). */
  email: string;
  phone: string;
  cccd: string;
  passport: string;
  budgetUnitCode: string;
}

const NO_BUYER: SaleBuyer = {
  name: '',
  mst: '',
  address: '',
  email: '',
  phone: '',
  cccd: '',
  passport: '',
  budgetUnitCode: '',
};

export interface Sale {
  orderId: string;
  orderKey: string;
  issueKey: string;
  /** The order was recorded (POST /orders answered): only the one-click step remains. */
  ordered: boolean;
  lines: SaleLine[];
  buyer: SaleBuyer;
  paymentMethod: PaymentMethod;
  /** A discount on the whole sale, sent as one trade-discount line per tax rate (sale-lines.ts). */
  discount?: Discount;
  /** Cash the customer handed over, as typed. */
  tendered: string;
}

const KEY = 'hoadon.till.sale';

function keys(): Pick<Sale, 'orderId' | 'orderKey' | 'issueKey' | 'ordered'> {
  return {
    orderId: `POS-${newIdempotencyKey()}`,
    orderKey: newIdempotencyKey(),
    issueKey: newIdempotencyKey(),
    ordered: false,
  };
}

export function newSale(): Sale {
  return { ...keys(), lines: [], buyer: NO_BUYER, paymentMethod: 'TM', tendered: '' };
}

type Editable = 'lines' | 'buyer' | 'paymentMethod' | 'discount' | 'tendered';

/** The sale after an edit: new keys, since it is no longer the request a previous attempt sent. */
export function edited(sale: Sale, change: Partial<Pick<Sale, Editable>>): Sale {
  // The cash handed over is not part of the request: typing it keeps the keys.
  const onlyTendered = Object.keys(change).every((k) => k === 'tendered');
  return { ...sale, ...change, ...(onlyTendered ? {} : keys()) };
}

export interface CatalogueProduct {
  sku: string;
  name: string;
  unit?: string;
  unitPrice: number;
  taxRate: number;
}

/** A number as the till's fields show it: the comma is the one decimal separator (1,25 kg). */
export const fieldText = (value: number) => String(value).replace('.', ',');

export function newLine(fields: Omit<SaleLine, 'id' | 'quantityText' | 'priceText' | 'promotion'>): SaleLine {
  return {
    ...fields,
    id: newIdempotencyKey(),
    quantityText: fieldText(fields.quantity),
    priceText: amountText(fields.unitPrice),
    promotion: false,
  };
}

export function addProduct(sale: Sale, product: CatalogueProduct): Sale {
  const existing = sale.lines.find((line) => line.sku === product.sku && !line.promotion);
  const lines = existing
    ? sale.lines.map((line) =>
        line === existing ? { ...line, quantity: line.quantity + 1, quantityText: fieldText(line.quantity + 1) } : line,
      )
    : [
        ...sale.lines,
        newLine({
          sku: product.sku,
          name: product.name,
          ...(product.unit ? { unit: product.unit } : {}),
          unitPrice: product.unitPrice,
          tax: product.taxRate,
          quantity: 1,
          free: false,
        }),
      ];
  return edited(sale, { lines });
}

/** A line saved before discounts and free lines existed gains their fields. */
function upgraded(line: Partial<SaleLine> & { taxRate?: number }): SaleLine {
  return {
    id: line.id ?? newIdempotencyKey(),
    name: line.name ?? '',
    ...(line.sku ? { sku: line.sku } : {}),
    ...(line.unit ? { unit: line.unit } : {}),
    unitPrice: line.unitPrice ?? 0,
    tax: line.tax ?? line.taxRate ?? 0,
    quantity: line.quantity ?? 1,
    quantityText: line.quantityText ?? fieldText(line.quantity ?? 1),
    priceText: line.priceText ?? amountText(line.unitPrice ?? 0),
    promotion: line.promotion ?? false,
    free: line.free ?? false,
    ...(line.notPromotion ? { notPromotion: true } : {}),
    ...(line.discount ? { discount: line.discount } : {}),
  };
}

export function loadSale(): Sale | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const sale = JSON.parse(raw) as Sale;
    // A draft saved before a field existed lacks it.
    return {
      ...sale,
      tendered: sale.tendered ?? '',
      lines: sale.lines.map(upgraded),
      buyer: { ...NO_BUYER, ...sale.buyer },
    };
  } catch {
    return undefined;
  }
}

const PARKED_KEY = 'hoadon.till.parked';

/** Sales a cashier put aside ("Lưu tạm") to serve the next customer, oldest first. */
export function parkedSales(): Sale[] {
  try {
    const raw = localStorage.getItem(PARKED_KEY);
    return raw ? (JSON.parse(raw) as Sale[]).map((sale) => ({ ...sale, buyer: { ...NO_BUYER, ...sale.buyer } })) : [];
  } catch {
    return [];
  }
}

export function saveParked(sales: readonly Sale[]): void {
  if (sales.length > 0) localStorage.setItem(PARKED_KEY, JSON.stringify(sales));
  else localStorage.removeItem(PARKED_KEY);
}

export function saveSale(sale: Sale | undefined): void {
  if (sale && (sale.lines.length > 0 || Object.values(sale.buyer).some(Boolean)))
    localStorage.setItem(KEY, JSON.stringify(sale));
  else localStorage.removeItem(KEY);
}
