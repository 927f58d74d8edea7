/**
 * The sale at the till before it is issued, kept in localStorage so that a reload or a closed tab loses
 * nothing. It carries the order id and the two idempotency keys of its issuing, made when the sale is
 * started and made again whenever it changes: a retry of the same sale repeats the same requests (the node
 * answers the stored result), a changed sale is a new request.
 */
import { newIdempotencyKey } from '../api/client';
import type { PaymentMethod } from '../base/format';

export interface SaleLine {
  sku: string;
  name: string;
  unit?: string;
  unitPrice: number;
  taxRate: number;
  quantity: number;
}

/** The buyer as typed; the identity papers (CCCD, passport, budget unit code) are sent only when filled. */
export interface SaleBuyer {
  name: string;
  mst: string;
  address: string;
  cccd: string;
  passport: string;
  budgetUnitCode: string;
}

const NO_BUYER: SaleBuyer = { name: '', mst: '', address: '', cccd: '', passport: '', budgetUnitCode: '' };

export interface Sale {
  orderId: string;
  orderKey: string;
  issueKey: string;
  /** The order was recorded (POST /orders answered): only the one-click step remains. */
  ordered: boolean;
  lines: SaleLine[];
  buyer: SaleBuyer;
  paymentMethod: PaymentMethod;
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
  return { ...keys(), lines: [], buyer: NO_BUYER, paymentMethod: 'TM' };
}

/** The sale after an edit: new keys, since it is no longer the request a previous attempt sent. */
export function edited(sale: Sale, change: Partial<Pick<Sale, 'lines' | 'buyer' | 'paymentMethod'>>): Sale {
  return { ...sale, ...change, ...keys() };
}

export function addProduct(sale: Sale, product: Omit<SaleLine, 'quantity'>): Sale {
  const existing = sale.lines.find((line) => line.sku === product.sku);
  const lines = existing
    ? sale.lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line))
    : [...sale.lines, { ...product, quantity: 1 }];
  return edited(sale, { lines });
}

export function loadSale(): Sale | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const sale = JSON.parse(raw) as Sale;
    // A draft saved before a buyer field existed lacks it.
    return { ...sale, buyer: { ...NO_BUYER, ...sale.buyer } };
  } catch {
    return undefined;
  }
}

export function saveSale(sale: Sale | undefined): void {
  if (sale && (sale.lines.length > 0 || Object.values(sale.buyer).some(Boolean)))
    localStorage.setItem(KEY, JSON.stringify(sale));
  else localStorage.removeItem(KEY);
}

/** Half away from zero, as the node rounds (decisions §1). */
const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** What the node will compute; shown before issuing. */
export function totalsOf(lines: SaleLine[]) {
  let subtotal = 0;
  let taxAmount = 0;
  for (const line of lines) {
    const total = round(line.quantity * line.unitPrice);
    subtotal += total;
    taxAmount += round(total * line.taxRate);
  }
  return { subtotal, taxAmount, total: subtotal + taxAmount };
}
