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
import { type Channel, defaultChannel } from '../domain/channels.js';
import { checkMstShape, hasValidCheckDigit, normaliseMst } from '../domain/mst.js';
import { demoSymbol, MAX_INVOICE_NUMBER, symbolForYear } from '../domain/numbering.js';
import { searchKey } from '../domain/text.js';
import { AppError, notFound, validationError } from '../errors.js';
import { boundedPageFigures } from '../http/envelope.js';
import type { SettingsService } from '../settings/settings.service.js';
import { assertTemplateSupported } from '../settings/templates-supported.js';
import { invoiceDetail, orUndefined } from './invoice-detail.js';
import type { InvoiceListener } from './invoice-events.js';
import { type LineRequest, type LinesTotals, type PricedLine, priceLines, withShelfPrices } from './invoice-lines.js';
import type { InvoiceItemRow, InvoiceRow, InvoicesRepository } from './invoices.repository.js';
import type { CreateInvoiceInput, InvoiceDetail, InvoiceListQuery } from './invoices.schemas.js';
import type { InvoiceStatus } from './invoices.table.js';
import { checkRates, type ProductTax } from './line-rates.js';
import { newLookupCode } from './lookup-code.js';

export { invoiceDetail } from './invoice-detail.js';
export type { ProductTax } from './line-rates.js';

export interface Warning {
  code: string;
  message: string;
}

/** A cash sale from which a buyer with an MST may deduct no input VAT (Law 48/2024/QH15 on VAT, art. 14). */
export const CASH_LIMIT = 5_000_000;
export const CASH_WARNING =
  'Hóa đơn từ 5.000.000 đồng trở lên (đã có thuế GTGT) thanh toán bằng tiền mặt: người mua không được khấu trừ thuế GTGT đầu vào nếu không có chứng từ thanh toán không dùng tiền mặt (Luật Thuế GTGT số 48/2024/QH15).';

/** Priced lines and their totals (signed negative for a decrease adjustment). */
export interface PricedInvoice {
  lines: readonly PricedLine[];
  totals: LinesTotals;
}

/** What issuing needs: the request, its priced lines, and for a correction its status and relation. */
export interface IssueRequest {
  input: Pick<CreateInvoiceInput, 'buyer' | 'paymentMethod'> & { channel: Channel };
  pricing: PricedInvoice;
  /** `issued` unless the new invoice is an adjustment. */
  status?: 'issued' | 'adjusted';
  relation?: Partial<Pick<InvoiceRow, 'replacesId' | 'adjustsId' | 'adjustmentType' | 'reason' | 'orderId'>>;
  /** Added to the `created` audit entry. */
  auditDetails?: Record<string, unknown>;
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
   * Who the invoice names as seller, and whether it is a demo invoice (docs/decisions.md §7: src/settings/node-mode.ts).
   * Without it the configured seller, never demo (tests of the service alone).
   */
  issuer?: () => { seller: { name: string; mst: string; address: string }; demo: boolean };
  /**
   * A catalogue product's tax facts (src/products): whether the VAT reduction applies to it and the tax
   * category a line without one takes. Without it no line is checked against the catalogue.
   */
  productTaxOf?: (sku: string) => ProductTax | undefined;
  /** The invoice's place in the queue to the tax authority, for the detail (src/transmission). */
  transmissionOf?: (
    invoiceId: string,
  ) => { state: TransmissionState; attempts: number; lastError: string | null; acceptedAt: string | null } | undefined;
  /** The invoice's sendings to its buyer, oldest first, for the detail (src/delivery). */
  deliveryOf?: (invoiceId: string) => InvoiceDetail['delivery'];
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

  const deliveryView = (row: InvoiceRow): InvoiceDetail['delivery'] => deps.deliveryOf?.(row.id) ?? [];
  const detail = (row: InvoiceRow): InvoiceDetail => ({
    ...invoiceDetail(row, invoices.itemsOf(row.id)),
    transmission: transmissionView(row),
    delivery: deliveryView(row),
  });

  /**
   * Prices the requested lines with the configured tax rates, or refuses them (400). `rateDate`: the day whose
   * VAT reduction applies, today unless a correction keeps its original's (docs/exports.md).
   */
  function price(
    items: readonly LineRequest[],
    options: { adjustment?: boolean; rateDate?: string } = {},
  ): PricedInvoice {
    const rateDate = options.rateDate ?? localDate(clock.now(), timeZone);
    const pricing = priceLines(
      checkRates(items, rateDate, settings.vatReduction().windows, deps.productTaxOf),
      settings.storeConfig().taxRates,
      {
        adjustment: options.adjustment,
      },
    );
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
    assertTemplateSupported(settings.templates().mauSo);
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
      // A demo document carries no code shaped like an MCCQT (docs/invoices.md, "Demo invoices").
      authorityCode: demo
        ? null
        : cashRegisterAuthorityCode({ mauSo: template.mauSo, kyHieu, number, sellerCode: config.authorityCodePrefix }),
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
    const warnings = [...buyerMst.warnings];
    if (row.paymentMethod === 'TM' && row.buyerMst && row.taxAmount > 0 && row.total >= CASH_LIMIT)
      warnings.push({ code: 'CASH_OVER_5M', message: CASH_WARNING });
    return {
      ...invoiceDetail(row, items),
      transmission: transmissionView(row),
      delivery: deliveryView(row),
      warnings,
    };
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
      const channel = input.channel ?? defaultChannel(actor.role);
      return issue(
        { input: { ...input, channel }, pricing: price(withShelfPrices(input.items, input.pricesIncludeVat)) },
        actor,
      );
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
        ...boundedPageFigures(total, totalIsLowerBound, query.page, query.pageSize),
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
