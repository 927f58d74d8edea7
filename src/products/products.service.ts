/**
 * The catalogue: every SKU sold teaches it the name, unit, last price and tax rate; headquarters' sync and the
 * store's admin (one product, or a file of them) write it too (docs/catalogue.md).
 */
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { Clock } from '../clock.js';
import { ratePercent } from '../domain/tax-breakdown.js';
import { EXCLUDED_GOODS_ANNEX, isReducedRate, type VatReductionWindow } from '../domain/vat-reduction.js';
import { AppError, conflict, notFound, validationError } from '../errors.js';
import { page } from '../http/envelope.js';
import { type IssueLike, readableMessage } from '../http/zod-messages.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import {
  CatalogueFileError,
  COLUMNS,
  CSV_HEADER,
  csvLine,
  type FileRow,
  HEADER_OF,
  parseCsv,
  parseXlsx,
  productCells,
  readRows,
  writeXlsx,
} from './catalogue-file.js';
import { storeProduct, toProduct } from './product-rows.js';
import type { ProductFilter, ProductRow, ProductsRepository, StoreProduct } from './products.repository.js';
import {
  type FileFormat,
  type ImportPreview,
  type Product,
  type ProductFields,
  productFields,
  sku as skuSchema,
} from './products.schemas.js';

const VIETNAMESE = new Intl.Collator('vi');

/** The fields an import compares, with the Vietnamese names the preview lists. */
const COMPARED = [
  ['name', 'Tên hàng'],
  ['unit', 'Đơn vị tính'],
  ['unitPrice', 'Đơn giá'],
  ['taxRate', 'Thuế suất'],
  ['taxCategory', 'Loại thuế'],
  ['vatReductionEligible', 'Được giảm thuế GTGT'],
  ['barcode', 'Mã vạch'],
  ['category', 'Nhóm hàng'],
  ['favourite', 'Yêu thích'],
  ['costPrice', 'Giá vốn'],
  ['active', 'Đang bán'],
] as const satisfies readonly (readonly [keyof StoreProduct, string])[];

interface Plan {
  preview: Omit<ImportPreview, 'token'>;
  writes: StoreProduct[];
  /** The catalogue's rows the file names, as they are now: a change to them changes the token. */
  before: (ProductRow | null)[];
}

export function createProductsService(deps: {
  products: ProductsRepository;
  clock: Clock;
  audit: AuditRepository;
  taxRates: () => readonly number[];
  vatReductionWindows: () => readonly VatReductionWindow[];
}) {
  const { products, clock, audit, taxRates, vatReductionWindows } = deps;

  /** Why a product cannot carry `rate`: not a rate of the store, or a reduced rate on goods the decree excludes. */
  const rateProblem = (rate: number, eligible = true) => {
    const rates = taxRates();
    if (!rates.includes(rate))
      return `Thuế suất phải là một trong: ${rates.map((r) => `${ratePercent(r)} %`).join(', ')}.`;
    // The till refuses every sale of it at that rate (docs/vat-reduction.md): saving it would only fail later.
    if (!eligible && isReducedRate(vatReductionWindows(), rate))
      return `Sản phẩm không được giảm thuế GTGT (${EXCLUDED_GOODS_ANNEX}) không có thuế suất ${ratePercent(rate)} %: dùng thuế suất 10 %.`;
    return undefined;
  };

  /** Why a barcode cannot go to `sku`: another product has it. */
  const barcodeProblem = (barcode: string | null | undefined, sku: string) => {
    if (!barcode) return undefined;
    const holder = products.skuOfBarcode(barcode);
    return holder && holder !== sku ? `Mã vạch ${barcode} đã là của sản phẩm ${holder}.` : undefined;
  };

  async function cellsOf(format: FileFormat, bytes: Buffer) {
    try {
      return format === 'csv' ? parseCsv(bytes.toString('utf8')) : await parseXlsx(bytes);
    } catch (caught) {
      if (caught instanceof CatalogueFileError)
        throw validationError(caught.message, [{ path: 'body.file', message: caught.message }]);
      throw caught;
    }
  }

  /** What a file would change, and every row it cannot take with its reason; reads, never writes. */
  function plan(columns: string[], rows: FileRow[]): Plan {
    const preview: Plan['preview'] = { rows: rows.length, created: [], changed: [], unchanged: 0, errors: [] };
    const writes: StoreProduct[] = [];
    const before: Plan['before'] = [];
    const at = clock.now().toISOString();
    const rowOfSku = new Map<string, number>();
    const finalBarcodes = new Map<string, string>(); // barcode → sku, as the file leaves them
    for (const row of rows) {
      const sku = String(row.fields.sku ?? '');
      const problems = [...row.problems];
      const skuCheck = skuSchema.safeParse(sku);
      if (!sku) problems.push(`${HEADER_OF.sku}: không được để trống.`);
      else if (!skuCheck.success) problems.push(`${HEADER_OF.sku}: ${skuCheck.error.issues[0]?.message}`);
      else if (rowOfSku.has(sku)) problems.push(`${HEADER_OF.sku}: ${sku} đã có ở dòng ${rowOfSku.get(sku)}.`);
      else rowOfSku.set(sku, row.row);
      const existing = sku ? products.findBySku(sku) : undefined;
      before.push(existing ? { ...existing, updatedAt: '' } : null);
      // A column the file does not have keeps the product's value (or the default for a new product).
      const fields: Record<string, unknown> = {};
      for (const c of COLUMNS) {
        if (c.field === 'sku') continue;
        const value = columns.includes(c.field)
          ? row.fields[c.field]
          : existing
            ? currentValue(existing, c.field)
            : null;
        if (value !== null && value !== undefined) fields[c.field] = value;
      }
      const parsed = row.problems.length === 0 ? productFields.safeParse(fields) : undefined;
      if (parsed && !parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '') as keyof typeof HEADER_OF;
          const message =
            fields[field] === undefined ? 'không được để trống.' : readableMessage(issue as unknown as IssueLike);
          problems.push(`${HEADER_OF[field] ?? field}: ${message}`);
        }
      }
      if (parsed?.success) {
        const rate = rateProblem(parsed.data.taxRate, parsed.data.vatReductionEligible);
        if (rate) problems.push(`${HEADER_OF.taxRate}: ${rate}`);
        const code = parsed.data.barcode;
        const earlier = code ? finalBarcodes.get(code) : undefined;
        if (earlier !== undefined)
          problems.push(`${HEADER_OF.barcode}: ${code} trùng với sản phẩm ${earlier} trong tệp.`);
      }
      if (problems.length > 0 || !parsed?.success) {
        preview.errors.push({ row: row.row, message: problems.join(' ') });
        continue;
      }
      const next = storeProduct(sku, parsed.data, at);
      if (next.barcode) finalBarcodes.set(next.barcode, sku);
      if (!existing) {
        preview.created.push({ row: row.row, sku, name: next.name });
        writes.push(next);
        continue;
      }
      const fieldsChanged = COMPARED.filter(([key]) => (existing[key] ?? null) !== (next[key] ?? null)).map(
        ([, name]) => name,
      );
      if (fieldsChanged.length === 0) preview.unchanged++;
      else {
        preview.changed.push({ row: row.row, sku, name: next.name, fields: fieldsChanged });
        writes.push(next);
      }
    }
    // A barcode the file gives to a product may come from another only if the file gives that one another
    // barcode (or none): the product that holds it is then a row of the file too.
    for (const [code, sku] of finalBarcodes) {
      const holder = products.skuOfBarcode(code);
      if (!holder || holder === sku || rowOfSku.has(holder)) continue;
      const row = rowOfSku.get(sku) as number;
      preview.errors.push({ row, message: `${HEADER_OF.barcode}: ${code} đã là của sản phẩm ${holder}.` });
      preview.created = preview.created.filter((r) => r.row !== row);
      preview.changed = preview.changed.filter((r) => r.row !== row);
    }
    preview.errors.sort((a, b) => a.row - b.row);
    return { preview, writes, before };
  }

  const tokenOf = (bytes: Buffer, { preview, before }: Plan) =>
    createHash('sha256')
      .update(bytes)
      .update(JSON.stringify([preview, before]))
      .digest('hex');

  return {
    list(filter: ProductFilter, pageNumber: number, pageSize: number, withCost: boolean) {
      const { total, rows } = products.list(
        { ...filter, search: filter.search?.trim() || undefined },
        pageSize,
        (pageNumber - 1) * pageSize,
      );
      return page(
        rows.map((r) => toProduct(r, withCost)),
        total,
        pageNumber,
        pageSize,
      );
    },

    /** In Vietnamese alphabetical order ("Đồ ăn" before "Đồ uống"), which the index's byte order is not. */
    categories: () => products.categories().sort(VIETNAMESE.compare),

    /** Creates or replaces a product as the admin states it (PUT /products/:sku); call inside the write. */
    save(sku: string, fields: ProductFields, actor: string): Product {
      const rate = rateProblem(fields.taxRate, fields.vatReductionEligible);
      if (rate) throw validationError(rate, [{ path: 'body.taxRate', message: rate }]);
      const taken = barcodeProblem(fields.barcode, sku);
      if (taken) throw new AppError('CONFLICT', 409, taken, [{ path: 'body.barcode', message: taken }]);
      const before = products.findBySku(sku);
      const at = clock.now().toISOString();
      products.save(storeProduct(sku, fields, at));
      const after = products.findBySku(sku) as ProductRow;
      audit.append({
        invoiceId: `product:${sku}`,
        at,
        actor,
        ...(before ? { action: 'product-updated' } : { action: 'product-created' }),
        details: { fields: Object.keys(fields) },
      });
      return toProduct(after, true);
    },

    /** Takes a product off the till (or back); a sold product is deactivated, never deleted. */
    setActive(sku: string, active: boolean, actor: string): Product {
      const at = clock.now().toISOString();
      if (products.setActive(sku, active, at) === 0) throw notFound('sản phẩm', sku);
      audit.append({
        invoiceId: `product:${sku}`,
        at,
        actor,
        ...(active ? { action: 'product-activated' } : { action: 'product-deactivated' }),
        details: {},
      });
      return toProduct(products.findBySku(sku) as ProductRow, true);
    },

    /** Deletes a product no invoice has sold; a sold one is 409 (deactivate it instead). */
    remove(sku: string, actor: string) {
      const row = products.findBySku(sku);
      if (!row) throw notFound('sản phẩm', sku);
      if (products.remove(sku) === 0)
        throw new AppError(
          'INVALID_STATE',
          409,
          `Sản phẩm ${sku} đã được bán nên không xóa được; hãy ngừng bán sản phẩm.`,
        );
      audit.append({
        invoiceId: `product:${sku}`,
        at: clock.now().toISOString(),
        actor,
        action: 'product-deleted',
        details: {},
      });
      return { sku };
    },

    /** The file read and compared with the catalogue; `token` is what the apply must echo. */
    async previewImport(format: FileFormat, bytes: Buffer): Promise<ImportPreview> {
      const cells = await cellsOf(format, bytes);
      const { columns, rows } = readFile(cells);
      const planned = plan(columns, rows);
      return { token: tokenOf(bytes, planned), ...planned.preview };
    },

    /**
     * Reads the file outside the write, then returns the work of the write: every row applied or none (one
     * transaction), refused when the file has a bad row or its plan is no longer the preview's.
     */
    async prepareImport(format: FileFormat, bytes: Buffer, token: string, actor: string) {
      const cells = await cellsOf(format, bytes);
      const { columns, rows } = readFile(cells);
      return () => {
        const planned = plan(columns, rows);
        const { preview, writes } = planned;
        if (preview.errors.length > 0) {
          const message = `Tệp có ${preview.errors.length} dòng lỗi: không nhập dòng nào. Hãy sửa rồi xem trước lại.`;
          throw validationError(
            message,
            preview.errors.map((e) => ({ path: `file.row${e.row}`, message: `Dòng ${e.row}: ${e.message}` })),
          );
        }
        if (tokenOf(bytes, planned) !== token)
          throw conflict('Danh mục hoặc tệp đã thay đổi từ lúc xem trước: hãy xem trước lại rồi mới nhập.');
        // Barcodes first let go, so that two products may swap theirs within the file.
        for (const product of writes) products.releaseBarcode(product.sku);
        for (const product of writes) products.save(product);
        audit.append({
          invoiceId: 'products:import',
          at: clock.now().toISOString(),
          actor,
          action: 'products-imported',
          details: {
            format,
            created: preview.created.map((r) => r.sku),
            changed: preview.changed.map((r) => r.sku),
            unchanged: preview.unchanged,
          },
        });
        return { created: preview.created.length, changed: preview.changed.length, unchanged: preview.unchanged };
      };
    },

    /** Streams the whole catalogue (cost prices included: the export is the admin's and accountant's). */
    async exportTo(format: FileFormat, out: Writable) {
      if (format === 'xlsx') return writeXlsx(products.everyProduct(), out, clock.now());
      out.write(CSV_HEADER);
      for (const p of products.everyProduct()) {
        if (!out.write(csvLine(productCells(p, { csv: true }))))
          await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    },

    /** What issuing checks a line against (src/invoices/invoices.service.ts `productTaxOf`). */
    taxOf(sku: string) {
      const row = products.findBySku(sku);
      return (
        row && { name: row.name, vatReductionEligible: row.vatReductionEligible === 1, taxCategory: row.taxCategory }
      );
    },

    /** Headquarters' catalogue entry for a SKU (the sync pull calls this). */
    upsertFromHeadquarters(product: {
      sku: string;
      name: string;
      unit?: string | null;
      unitPrice: number;
      taxRate: number;
    }) {
      products.upsertFromHeadquarters({ ...product, unit: product.unit ?? null, updatedAt: clock.now().toISOString() });
    },

    learnListener: (({ before, after, items }) => {
      // Prices are learnt from what was sold: not from a correction (a decrease's price is negative), a
      // promotion given free, a trade discount or a note.
      if (before || after.adjustsId !== null) return;
      for (const item of items) {
        if (!item.sku || item.kind !== 'goods') continue;
        products.learn({
          sku: item.sku,
          name: item.name,
          unit: item.unit,
          unitPrice: item.unitPrice,
          taxRate: item.taxRate,
          updatedAt: after.createdAt,
        });
      }
    }) satisfies InvoiceListener,
  };
}

function readFile(cells: ReturnType<typeof parseCsv>) {
  try {
    return readRows(cells);
  } catch (caught) {
    if (caught instanceof CatalogueFileError)
      throw validationError(caught.message, [{ path: 'body.file', message: caught.message }]);
    throw caught;
  }
}

/** A product's field as an import's cell would give it (what a column missing from the file keeps). */
function currentValue(p: ProductRow, field: (typeof COLUMNS)[number]['field']): unknown {
  switch (field) {
    case 'vatReductionEligible':
    case 'favourite':
    case 'active':
      return p[field] === 1;
    case 'taxCategory':
      return p.taxCategory ?? 'goods';
    default:
      return p[field as keyof ProductRow];
  }
}

export type ProductsService = ReturnType<typeof createProductsService>;
