/**
 * The SQL that has SQLite write invoices as the API shows them, as JSON text: a list item (`ITEM_JSON`, a
 * column expression over `invoices`) and the whole detail of GET /invoices/:id (`DETAIL_JSON_SQL`, one
 * statement). The invoice list, the buyer-name search and the detail send that text inside the envelope as
 * it is (src/README.md); test/invoices/list-json.test.ts and test/invoices/detail-json.test.ts hold it to
 * the response schemas and to `invoiceDetail` (invoice-detail.ts).
 */
import { TAX_GROUP_ORDER } from '../domain/tax-breakdown.js';

/**
 * An item of the list as the API shows it (`invoiceListItem`, invoices.schemas.ts): JSON text written by
 * SQLite, one per row of the page statement, in its order, joined into the page's array (`jsonArray`).
 * Making a JavaScript value of each of a page's 300 cells, an object of each row, another for the API,
 * checking them with zod and writing them out again cost about three times as much as SQLite writing the
 * text; selecting the page's rowids first and writing their JSON in a second statement (which sorted them
 * again) cost 1.4 to 1.7 times as much as this. `GET /invoices` sends it as it is
 * (test/invoices/list-json.test.ts holds it to the schema and to each invoice's detail).
 */
export const ITEM_JSON = `json_object(
    'id', id, 'platformId', platform_id, 'status', status, 'mauSo', mau_so, 'kyHieu', ky_hieu, 'number', number,
    'issueDate', issue_date,
    'buyer', CASE WHEN buyer_mst IS NULL THEN json_object('name', buyer_name) ELSE json_object('name', buyer_name, 'mst', buyer_mst) END,
    'totals', json_object('subtotal', subtotal, 'taxAmount', tax_amount, 'total', total),
    'channel', channel, 'paymentMethod', payment_method, 'createdAt', created_at,
    'demo', json(iif(demo = 1, 'true', 'false'))
  )`;

/** The items of a page, each JSON text, as one JSON array. */
export const jsonArray = (items: readonly string[]) => `[${items.join(',')}]`;

/** A REAL column as JSON: a whole number without SQLite's ".0", as JavaScript writes it. */
const realJson = (column: string) =>
  `iif(${column} = CAST(${column} AS INTEGER), CAST(${column} AS INTEGER), ${column})`;

/**
 * The invoice's tax groups as `taxBreakdown` (src/domain/tax-breakdown.ts) makes them: goods and trade
 * discounts only, with each group's rate, category and place in the ledger's order.
 */
const GROUPS_SQL = `SELECT tax_group, sum(total) AS amount, sum(tax_amount) AS tax,
    CASE WHEN tax_group IN ('KCT', 'KKKNT') THEN NULL ELSE round(CAST(replace(rtrim(tax_group, '%'), 'KHAC:', '') AS REAL) / 100, 6) END AS rate,
    CASE WHEN tax_group IN ('KCT', 'KKKNT') THEN tax_group WHEN tax_group GLOB 'KHAC:*' THEN 'KHAC' END AS category,
    CASE tax_group ${TAX_GROUP_ORDER.map((group, rank) => `WHEN '${group}' THEN ${rank}`).join(' ')} ELSE ${TAX_GROUP_ORDER.length} END AS rank
  FROM invoice_items WHERE invoice_id = i.id AND tax_group IS NOT NULL AND kind IN ('goods', 'tradeDiscount')
  GROUP BY tax_group`;

/**
 * An invoice as GET /invoices/:id shows it (`invoiceDetail` in invoices.service.ts with its place in the
 * transmission queue), written by SQLite in one statement: reading the row, its lines and its queue row
 * into JavaScript, building the detail and serialising it cost 2.5 times as much. `json_patch` onto `{}`
 * drops the null members (RFC 7396), as the detail leaves out what an invoice lacks; each line is patched
 * on its own, since a patch does not enter arrays. test/invoices/detail-json.test.ts holds it to the
 * schema and to `invoiceDetail`.
 */
export const DETAIL_JSON_SQL = `SELECT json_patch('{}', json_object(
    'id', i.id, 'platformId', i.platform_id, 'status', i.status, 'mauSo', i.mau_so, 'kyHieu', i.ky_hieu, 'number', i.number,
    'issueDate', i.issue_date,
    'buyer', json_object('name', i.buyer_name, 'mst', i.buyer_mst, 'address', i.buyer_address, 'email', i.buyer_email, 'phone', i.buyer_phone,
      'cccd', i.buyer_cccd, 'passport', i.buyer_passport, 'budgetUnitCode', i.buyer_budget_unit_code),
    'totals', json_object('subtotal', i.subtotal, 'taxAmount', i.tax_amount, 'total', i.total,
      'byRate', (SELECT json_group_array(json_patch('{}', json_object(
          'taxGroup', g.tax_group, 'rate', ${realJson('g.rate')}, 'category', g.category, 'amount', g.amount, 'tax', g.tax, 'total', g.amount + g.tax
        )) ORDER BY g.rank, g.tax_group) FROM (${GROUPS_SQL}) g),
      'discountTotal', i.discount_total),
    'channel', i.channel, 'paymentMethod', i.payment_method, 'createdAt', i.created_at,
    'demo', json(iif(i.demo = 1, 'true', 'false')),
    'seller', json_object('name', i.seller_name, 'mst', i.seller_mst, 'address', i.seller_address),
    'items', (SELECT json_group_array(json_patch('{}', json_object(
        'lineNo', l.line_no, 'kind', l.kind, 'name', l.name, 'sku', l.sku, 'unit', l.unit, 'quantity', ${realJson('l.quantity')},
        'unitPrice', ${realJson('l.unit_price')}, 'shelfPrice', ${realJson('l.shelf_price')}, 'taxRate', ${realJson('l.tax_rate')}, 'taxCategory', l.tax_category,
        'taxGroup', l.tax_group, 'discountRate', ${realJson('l.discount_rate')}, 'discountAmount', l.discount_amount,
        'discount', l.discount, 'total', l.total, 'taxAmount', l.tax_amount
      )) ORDER BY l.line_no) FROM invoice_items l WHERE l.invoice_id = i.id),
    'lookupCode', i.lookup_code,
    'customerId', i.customer_id, 'replaces', i.replaces_id, 'replacedBy', i.replaced_by_id, 'adjusts', i.adjusts_id,
    'adjustedBy', i.adjusted_by_id, 'adjustmentType', i.adjustment_type, 'reason', i.reason, 'orderId', i.order_id,
    'authorityCode', i.authority_code, 'updatedAt', i.updated_at, 'version', i.version,
    'transmission', (SELECT json_object('state', t.state, 'attempts', t.attempts, 'lastError', t.last_error, 'acceptedAt', t.accepted_at,
        'authorityCode', i.authority_code) FROM transmissions t WHERE t.invoice_id = i.id),
    'delivery', (SELECT json_group_array(json_patch('{}', json_object(
        'channel', d.channel, 'to', d.recipient, 'state', d.state, 'at', d.updated_at, 'error', d.last_error
      )) ORDER BY d.id) FROM deliveries d WHERE d.invoice_id = i.id)
  )) FROM invoices i WHERE i.id = ?`;
