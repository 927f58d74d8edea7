import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CHANNELS } from '../domain/channels.js';
import { LINE_KINDS } from '../domain/lines.js';
import { TAX_CATEGORIES } from '../domain/tax-breakdown.js';

export const INVOICE_STATUSES = ['pending', 'issued', 'adjusted', 'replaced', 'error'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export { CHANNELS, type Channel } from '../domain/channels.js';

export const PAYMENT_METHODS = ['TM', 'CK', 'TM/CK', 'THE', 'KHAC'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * One row per invoice. Money in integer đồng. `issueDate` is the store-local date of issue, fixed when the
 * invoice is made (it is the legal date of the document, even if the store's time zone changes later).
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id').notNull().unique(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    mauSo: text('mau_so').notNull(),
    kyHieu: text('ky_hieu').notNull(),
    number: integer('number').notNull(),
    issueDate: text('issue_date').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerNameKey: text('buyer_name_key').notNull(),
    buyerMst: text('buyer_mst'),
    buyerAddress: text('buyer_address'),
    buyerEmail: text('buyer_email'),
    buyerPhone: text('buyer_phone'),
    buyerCccd: text('buyer_cccd'),
    buyerPassport: text('buyer_passport'),
    buyerBudgetUnitCode: text('buyer_budget_unit_code'),
    customerId: text('customer_id'),
    sellerName: text('seller_name').notNull(),
    sellerMst: text('seller_mst').notNull(),
    sellerAddress: text('seller_address'),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    total: integer('total').notNull(),
    /** Line discounts and trade discounts of the invoice, before tax (src/invoices/invoice-lines.ts). */
    discountTotal: integer('discount_total').notNull().default(0),
    replacesId: text('replaces_id'),
    adjustsId: text('adjusts_id'),
    replacedById: text('replaced_by_id'),
    adjustedById: text('adjusted_by_id'),
    adjustmentType: text('adjustment_type', { enum: ['increase', 'decrease', 'info'] }),
    reason: text('reason'),
    orderId: text('order_id'),
    authorityCode: text('authority_code'),
    /** Mã tra cứu: what a buyer types (or scans) at the seller's lookup portal; unique. */
    lookupCode: text('lookup_code'),
    createdBy: text('created_by').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    version: integer('version').notNull().default(1),
    /**
     * 1: issued in demo mode (no seller set or no imported certificate, docs/decisions.md §7), for ever: such an
     * invoice has no legal value, is printed with the demo mark and never goes to the tax authority.
     */
    demo: integer('demo').notNull().default(0),
  },
  (t) => [
    uniqueIndex('invoices_symbol_number').on(t.mauSo, t.kyHieu, t.number),
    index('invoices_created_at').on(t.createdAt),
    index('invoices_status_created_at').on(t.status, t.createdAt),
    index('invoices_buyer_mst_created_at').on(t.buyerMst, t.createdAt),
    index('invoices_customer_created_at').on(t.customerId, t.createdAt),
    index('invoices_buyer_name_key_created_at').on(t.buyerNameKey, t.createdAt),
    index('invoices_issue_date_status').on(t.issueDate, t.status),
    uniqueIndex('invoices_order_id').on(t.orderId),
    uniqueIndex('invoices_lookup_code').on(t.lookupCode),
    // The few demo invoices, by status: a live node's figures leave them out (src/reports).
    index('invoices_demo_status').on(t.status).where(sql`${t.demo} = 1`),
    // The few replacements and adjustments, by date: a month's corrections of declared months (src/exports).
    index('invoices_corrections_issue_date')
      .on(t.issueDate)
      .where(sql`${t.replacesId} IS NOT NULL OR ${t.adjustsId} IS NOT NULL`),
  ],
);

/**
 * Every buyer name key on an invoice, once, with how many invoices carry it and the newest one's creation
 * instant: the buyer name search looks names up here (by their suffixes, `buyer_name_suffixes`, migrations/0011_buyer_name_suffixes.sql),
 * then their invoices by `invoices_buyer_name_key_created_at`. Kept by a trigger on invoice insert; a new
 * name waits with `indexed = 0` until the index job adds it in a batch.
 */
export const buyerNames = sqliteTable(
  'buyer_names',
  {
    id: integer('id').primaryKey(),
    nameKey: text('name_key').notNull().unique(),
    invoiceCount: integer('invoice_count').notNull(),
    lastCreatedAt: text('last_created_at').notNull(),
    indexed: integer('indexed').notNull().default(0),
  },
  (t) => [index('buyer_names_to_index').on(t.id).where(sql`${t.indexed} = 0`)],
);

export const invoiceItems = sqliteTable(
  'invoice_items',
  {
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    lineNo: integer('line_no').notNull(),
    /** goods, promotion, tradeDiscount or note (src/domain/lines.ts). */
    kind: text('kind', { enum: LINE_KINDS }).notNull().default('goods'),
    name: text('name').notNull(),
    sku: text('sku'),
    unit: text('unit'),
    quantity: real('quantity').notNull(),
    /** The price before tax (DGia), also when the line was sold at a shelf price. */
    unitPrice: real('unit_price').notNull(),
    /** The shelf price, VAT included, when the line was sold at one (docs/invoices.md, "Shelf prices"). */
    shelfPrice: real('shelf_price'),
    /** 0 with KCT and KKKNT. */
    taxRate: real('tax_rate').notNull(),
    taxCategory: text('tax_category', { enum: TAX_CATEGORIES }),
    /** The TSuat the line is grouped under (10%, KCT, KHAC:5.26…); null on a note. What every reader groups by. */
    taxGroup: text('tax_group'),
    discountRate: real('discount_rate'),
    discountAmount: integer('discount_amount'),
    /** The line's discount in đồng, whichever way it was sent. */
    discount: integer('discount').notNull().default(0),
    /** What the line adds to the invoice's amount before tax and to its tax (signed: a trade discount subtracts). */
    total: integer('total').notNull(),
    taxAmount: integer('tax_amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNo] })],
);

/** The last number handed out per (mauSo, kyHieu); bumped in the transaction that inserts the invoice. */
export const invoiceSequences = sqliteTable(
  'invoice_sequences',
  {
    mauSo: text('mau_so').notNull(),
    kyHieu: text('ky_hieu').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mauSo, t.kyHieu] })],
);

/**
 * An issued invoice's signed XML (issue 30, docs/invoices.md "Signed once"): signed once, on the XML thread
 * right after the invoice is committed, and served byte for byte for ever to the download, the PDF's signer
 * block and the tax authority. A row is made with the invoice, `xml` null while it waits for its signature
 * ("chờ ký": the key was unavailable, or the signing has not run yet); nothing ever rewrites a signed one.
 */
export const invoiceDocuments = sqliteTable(
  'invoice_documents',
  {
    invoiceId: text('invoice_id')
      .primaryKey()
      .references(() => invoices.id),
    /** The signed invoice with its XML declaration, exactly as served. */
    xml: text('xml'),
    /** The signature's SigningTime (GMT+7, as the XML writes it). */
    signedAt: text('signed_at'),
    certificateSubject: text('certificate_subject'),
    certificateSerial: text('certificate_serial'),
    /**
     * `issue`: signed after issuing; `message`: taken from the message that carried it (migration 0008);
     * `upgrade`: issued before migration 0008 and signed once at the first start after it.
     */
    origin: text('origin', { enum: ['issue', 'message', 'upgrade'] }),
    /** Why the last signing attempt failed (the key unavailable), while it waits. */
    lastError: text('last_error'),
  },
  (t) => [index('invoice_documents_waiting').on(t.invoiceId).where(sql`${t.xml} IS NULL`)],
);
