/**
 * Issuing and reading invoices. Every write runs inside the caller's transaction (reply.commit), so the
 * number, the invoice, its customer and its audit entry are committed together or not at all.
 */
import type { AuditRepository } from '../audit/audit.repository.js';
import type { AuthenticatedUser } from '../auth/roles.js';
import type { Clock, IdGenerator } from '../clock.js';
import type { CustomersService } from '../customers/customers.service.js';
import { cashRegisterAuthorityCode } from '../domain/authority-code.js';
import { addDays, localDate, startOfLocalDay } from '../domain/calendar.js';
import { groupTotals, taxBreakdown } from '../domain/tax-breakdown.js';
import { checkMstShape, hasValidCheckDigit, normaliseMst } from '../domain/mst.js';
import { demoSymbol, MAX_INVOICE_NUMBER, symbolForYear } from '../domain/numbering.js';
import { searchKey } from '../domain/text.js';
import { AppError, notFound, validationError } from '../errors.js';
import { pageFigures } from '../http/envelope.js';
import type { SettingsService } from '../settings/settings.service.js';
import { type LineRequest, type LinesTotals, type PricedLine, priceLines, withShelfPrices } from './invoice-lines.js';
import { newLookupCode } from './lookup-code.js';
import type { InvoiceListener } from './invoice-events.js';
import type { InvoiceItemRow, InvoiceRow, InvoicesRepository } from './invoices.repository.js';
import type { CreateInvoiceInput, InvoiceDetail, InvoiceListQuery } from './invoices.schemas.js';
import type { InvoiceStatus } from './invoices.table.js';

export interface Warning {
  code: string;
  message: string;
}

/** Priced lines and their totals (signed negative for a decrease adjustment). */
export interface PricedInvoice {
  lines: readonly PricedLine[];
  totals: LinesTotals;
}

/** What issuing needs: the request, its priced lines, and for a correction its status and relation. */
export interface IssueRequest {
  input: Pick<CreateInvoiceInput, 'buyer' | 'paymentMethod' | 'channel'>;
  pricing: PricedInvoice;
  /** `issued` unless the new invoice is an adjustment. */
  status?: 'issued' | 'adjusted';
  relation?: Partial<Pick<InvoiceRow, 'replacesId' | 'adjustsId' | 'adjustmentType' | 'reason' | 'orderId'>>;
  /** Added to the `created` audit entry. */
  auditDetails?: Record<string, unknown>;
}

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined;

/** The fields of an invoice its list item shows; the list itself has SQLite write them (invoices.repository.ts). */
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
export function invoiceDetail(row: InvoiceRow, items: readonly InvoiceItemRow[]): Omit<InvoiceDetail, 'transmission'> {
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

/** The states of the queue to the tax authority, as the detail shows them (the queue is src/transmission's). */
type TransmissionState = NonNullable<InvoiceDetail['transmission']>['state'];

export interface InvoicesServiceDeps {
  invoices: InvoicesRepository;
  audit: AuditRepository;
  customers: CustomersService;
  settings: SettingsService;
  plan: { assertCanIssue(): void };
  /** Refuses (503, 409) when the seller's certificate cannot sign a live invoice now: before a number is taken (src/signing). */
  signing?: { assertCanSign(): void };
  clock: Clock;
  newId: IdGenerator;
  timeZone: string;
  /** Run inside the transaction of every invoice change, in order. */
  listeners: readonly InvoiceListener[];
  /**
   * Who the invoice names as seller, and whether it is a demo invoice (decisions §7: src/settings/node-mode.ts).
   * Without it the configured seller, never demo (tests of the service alone).
   */
  issuer?: () => { seller: { name: string; mst: string; address: string }; demo: boolean };
  /** The invoice's place in the queue to the tax authority, for the detail (src/transmission). */
  transmissionOf?: (
    invoiceId: string,
  ) => { state: TransmissionState; attempts: number; lastError: string | null; acceptedAt: string | null } | undefined;
}

export function createInvoicesService(deps: InvoicesServiceDeps) {
  const transmissionView = (row: InvoiceRow) => {
    const t = deps.transmissionOf?.(row.id);
    return (
      t && {
        state: t.state,
        attempts: t.attempts,
        lastError: orUndefined(t.lastError),
        acceptedAt: orUndefined(t.acceptedAt),
        authorityCode: orUndefined(row.authorityCode),
      }
    );
  };
  const { invoices, audit, customers, settings, plan, clock, newId, timeZone, listeners } = deps;

  /** A buyer MST must have the shape of one; a wrong check digit is only a warning unless the store is strict. */
  function checkBuyerMst(raw: string | undefined, strict: boolean): { mst?: string; warnings: Warning[] } {
    if (raw === undefined || raw === '') return { warnings: [] };
    const shape = checkMstShape(raw);
    if (!shape.ok) throw validationError(shape.message, [{ path: 'body.buyer.mst', message: shape.message }]);
    if (hasValidCheckDigit(shape.mst)) return { mst: shape.mst, warnings: [] };
    const message = `Mã số thuế người mua ${shape.mst} sai chữ số kiểm tra.`;
    if (strict) throw validationError(message, [{ path: 'body.buyer.mst', message }]);
    return { mst: shape.mst, warnings: [{ code: 'BUYER_MST_CHECK_DIGIT', message }] };
  }

  const detail = (row: InvoiceRow): InvoiceDetail => ({
    ...invoiceDetail(row, invoices.itemsOf(row.id)),
    transmission: transmissionView(row),
  });

  /** Prices the requested lines with the configured tax rates, or refuses them (400). */
  function price(items: readonly LineRequest[]): PricedInvoice {
    const pricing = priceLines(items, settings.storeConfig().taxRates);
    if (!pricing.ok) throw validationError('Dòng hàng không hợp lệ.', pricing.errors);
    return { lines: pricing.lines, totals: pricing.totals };
  }

  /**
   * The one way an invoice comes to exist (created, replacement, adjustment): number from the current
   * template, customer, row, audit entry, listeners. Call inside a transaction.
   */
  function issue(request: IssueRequest, actor: AuthenticatedUser): InvoiceDetail & { warnings: Warning[] } {
    const { input, pricing, relation = {} } = request;
    const config = settings.storeConfig();
    const { seller, demo } = deps.issuer?.() ?? { seller: config.seller, demo: false };
    const buyerMst = checkBuyerMst(input.buyer.mst, config.strictBuyerMst);
    plan.assertCanIssue();
    // A demo invoice is signed with the built-in demo key, whatever state the seller's key is in.
    if (!demo) deps.signing?.assertCanSign();

    const now = clock.now();
    const at = now.toISOString();
    const issueDate = localDate(now, timeZone);
    const template = settings.templates();
    const legalSymbol = symbolForYear(template.kyHieu, Number(issueDate.slice(0, 4)));
    const kyHieu = demo ? demoSymbol(legalSymbol) : legalSymbol;
    const number = invoices.nextNumber(template.mauSo, kyHieu);
    if (number > MAX_INVOICE_NUMBER) {
      throw new AppError('CONFLICT', 409, `Ký hiệu ${kyHieu} đã dùng hết số hóa đơn (tối đa ${MAX_INVOICE_NUMBER}).`);
    }
    const buyer = { ...input.buyer, mst: buyerMst.mst };
    const customerId = customers.extractFromBuyer(buyer, at);
    const id = newId();
    const row: InvoiceRow = {
      id,
      platformId: `${config.storeId}/${template.mauSo}${kyHieu}/${number}`,
      status: request.status ?? 'issued',
      mauSo: template.mauSo,
      kyHieu,
      number,
      issueDate,
      channel: input.channel,
      paymentMethod: input.paymentMethod,
      buyerName: buyer.name,
      buyerNameKey: searchKey(buyer.name),
      buyerMst: buyer.mst ?? null,
      buyerAddress: buyer.address || null,
      buyerEmail: buyer.email || null,
      buyerPhone: buyer.phone || null,
      buyerCccd: buyer.cccd ?? null,
      buyerPassport: buyer.passport ?? null,
      buyerBudgetUnitCode: buyer.budgetUnitCode ?? null,
      customerId,
      sellerName: seller.name,
      sellerMst: seller.mst,
      sellerAddress: seller.address || null,
      ...pricing.totals,
      replacesId: null,
      adjustsId: null,
      replacedById: null,
      adjustedById: null,
      adjustmentType: null,
      reason: null,
      orderId: null,
      authorityCode: cashRegisterAuthorityCode({
        mauSo: template.mauSo,
        kyHieu,
        number,
        sellerCode: config.authorityCodePrefix,
      }),
      lookupCode: newLookupCode(),
      ...relation,
      createdBy: actor.id,
      createdAt: at,
      updatedAt: at,
      version: 1,
      demo: demo ? 1 : 0,
    };
    const items = pricing.lines.map(
      (line, i): InvoiceItemRow => ({
        invoiceId: id,
        lineNo: i + 1,
        kind: line.kind,
        name: line.name,
        sku: line.sku || null,
        unit: line.unit || null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        shelfPrice: line.shelfPrice ?? null,
        taxRate: line.taxRate,
        taxCategory: line.taxCategory ?? null,
        taxGroup: line.taxGroup,
        discountRate: line.discountRate ?? null,
        discountAmount: line.discountAmount ?? null,
        discount: line.discount,
        total: line.total,
        taxAmount: line.taxAmount,
      }),
    );
    invoices.insert(row, items);
    audit.start({
      invoiceId: id,
      at,
      actor: actor.username,
      action: 'created',
      details: {
        number,
        kyHieu,
        mauSo: template.mauSo,
        total: row.total,
        channel: row.channel,
        ...request.auditDetails,
      },
    });
    for (const listener of listeners) listener({ before: undefined, after: row, items, actor: actor.username });
    return { ...invoiceDetail(row, items), transmission: transmissionView(row), warnings: buyerMst.warnings };
  }

  /**
   * Changes an existing invoice row: version and updatedAt go up, the change is audited under `action`
   * and the listeners (rollups, …) get { before, after }. Call inside a transaction.
   */
  function change(
    before: InvoiceRow,
    changes: Partial<InvoiceRow>,
    actor: string,
    action: string,
    details: Record<string, unknown>,
  ): InvoiceRow {
    const at = clock.now().toISOString();
    const after = invoices.update(before.id, changes, at);
    audit.append({ invoiceId: before.id, at, actor, action, details });
    const items = invoices.itemsOf(before.id);
    for (const listener of listeners) listener({ before, after, items, actor });
    return after;
  }

  function find(id: string): InvoiceRow {
    const row = invoices.findById(id);
    if (!row) throw notFound('hóa đơn', id);
    return row;
  }

  return {
    price,
    issue,
    change,
    find,

    /** Issues a new invoice; call inside a transaction. */
    create(input: CreateInvoiceInput, actor: AuthenticatedUser): InvoiceDetail & { warnings: Warning[] } {
      return issue({ input, pricing: price(withShelfPrices(input.items, input.pricesIncludeVat)) }, actor);
    },

    /**
     * Moves an invoice to another status (the tax authority's rejection, a replacement, …); call inside a
     * transaction. The version goes up, the change is audited and the listeners (rollups, …) follow it.
     */
    changeStatus(
      id: string,
      status: InvoiceStatus,
      actor: string,
      details: Record<string, unknown> = {},
      changes: Partial<InvoiceRow> = {},
    ): InvoiceRow {
      const before = find(id);
      return change(before, { ...changes, status }, actor, `status:${status}`, {
        from: before.status,
        to: status,
        ...details,
      });
    },

    get: (id: string): InvoiceDetail => detail(find(id)),

    /** What `get` answers, as JSON text written by SQLite (GET /invoices/:id sends it as it is). */
    getJson(id: string): string {
      const json = invoices.detailJson(id);
      if (json === undefined) throw notFound('hóa đơn', id);
      return json;
    },

    /** The invoice's current version as `invoiceDetail` gives it (the sync backfill reads it back). */
    version: (id: string) => invoiceDetail(find(id), invoices.itemsOf(id)),

    /** Moves up to `limit` new buyer names (`indexed = 0`) into the search index; call inside a transaction. */
    hasBuyerNamesToIndex: (): boolean => invoices.hasBuyerNameBacklog(),
    indexBuyerNames: (limit: number): number => invoices.indexBuyerNameBacklog(limit),

    list(query: InvoiceListQuery) {
      const { total, totalIsLowerBound, itemsJson } = invoices.list(
        {
          statuses: query.status,
          createdFrom: query.dateFrom && startOfLocalDay(query.dateFrom, timeZone).toISOString(),
          createdBefore: query.dateTo && startOfLocalDay(addDays(query.dateTo, 1), timeZone).toISOString(),
          buyerMst: query.buyerMst ? normaliseMst(query.buyerMst) : undefined,
          buyerName: query.buyerName || undefined,
        },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        itemsJson,
        ...pageFigures(total, query.page, query.pageSize),
        ...(totalIsLowerBound && { totalIsLowerBound: true as const }),
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
