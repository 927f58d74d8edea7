/**
 * An invoice as GET /invoices/:id shows it, built from its rows (the version sync/store sends, and what
 * DETAIL_JSON_SQL in invoice-json.ts writes, with the invoice's transmission and delivery beside it).
 */
import { groupTotals, taxBreakdown } from '../domain/tax-breakdown.js';
import type { InvoiceItemRow, InvoiceRow } from './invoices.repository.js';
import type { InvoiceDetail } from './invoices.schemas.js';

export const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined;

/** The fields of an invoice its list item shows; the list itself has SQLite write them (invoice-json.ts). */
function toListItem(row: InvoiceRow) {
  return {
    id: row.id,
    platformId: row.platformId,
    status: row.status,
    mauSo: row.mauSo,
    kyHieu: row.kyHieu,
    number: row.number,
    issueDate: row.issueDate,
    buyer: { name: row.buyerName, mst: orUndefined(row.buyerMst) },
    totals: { subtotal: row.subtotal, taxAmount: row.taxAmount, total: row.total },
    channel: row.channel,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt,
    demo: row.demo === 1,
  };
}

/**
 * An invoice as GET /invoices/:id shows it, from its rows, without its place in the transmission queue:
 * that moves without the invoice changing version (sync/store sends this as the version's payload).
 */
export function invoiceDetail(
  row: InvoiceRow,
  items: readonly InvoiceItemRow[],
): Omit<InvoiceDetail, 'transmission' | 'delivery'> {
  return {
    ...toListItem(row),
    buyer: {
      name: row.buyerName,
      mst: orUndefined(row.buyerMst),
      address: orUndefined(row.buyerAddress),
      email: orUndefined(row.buyerEmail),
      phone: orUndefined(row.buyerPhone),
      cccd: orUndefined(row.buyerCccd),
      passport: orUndefined(row.buyerPassport),
      budgetUnitCode: orUndefined(row.buyerBudgetUnitCode),
    },
    seller: { name: row.sellerName, mst: row.sellerMst, address: orUndefined(row.sellerAddress) },
    items: items.map((item) => ({
      lineNo: item.lineNo,
      kind: item.kind,
      name: item.name,
      sku: orUndefined(item.sku),
      unit: orUndefined(item.unit),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      shelfPrice: orUndefined(item.shelfPrice),
      taxRate: item.taxRate,
      taxCategory: orUndefined(item.taxCategory),
      taxGroup: orUndefined(item.taxGroup),
      discountRate: orUndefined(item.discountRate),
      discountAmount: orUndefined(item.discountAmount),
      discount: item.discount,
      total: item.total,
      taxAmount: item.taxAmount,
    })),
    totals: {
      subtotal: row.subtotal,
      taxAmount: row.taxAmount,
      total: row.total,
      byRate: taxBreakdown(items).map(groupTotals),
      discountTotal: row.discountTotal,
    },
    lookupCode: orUndefined(row.lookupCode),
    customerId: orUndefined(row.customerId),
    replaces: orUndefined(row.replacesId),
    replacedBy: orUndefined(row.replacedById),
    adjusts: orUndefined(row.adjustsId),
    adjustedBy: orUndefined(row.adjustedById),
    adjustmentType: orUndefined(row.adjustmentType),
    reason: orUndefined(row.reason),
    orderId: orUndefined(row.orderId),
    authorityCode: orUndefined(row.authorityCode),
    updatedAt: row.updatedAt,
    version: row.version,
  };
}
