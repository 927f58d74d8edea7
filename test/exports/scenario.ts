/**
 * Random months of sales for the export tests: baskets with discounts, promotions, trade discounts, every
 * tax category and weighed goods, replacements and adjustments (increase, decrease, information), issued through the API on the days of one month.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { type LineRequest, priceLines } from '../../src/invoices/invoice-lines.js';
import type { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, type ApiResponse, invoiceBody, type TestNode } from '../support/test-node.js';

/** Start the node with this token lifetime; `issueMonth` signs in again before the token runs out. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const signedInAt = new WeakMap<TestNode, number>();

/** The admin token, renewed when the test clock has moved past most of its lifetime. */
export async function freshToken(node: TestNode, now: Date): Promise<void> {
  const at = signedInAt.get(node);
  if (at !== undefined && now.getTime() - at < (TOKEN_TTL_SECONDS - 3600) * 1000 && now.getTime() >= at) return;
  node.token = await node.login('admin', ADMIN_PASSWORD);
  signedInAt.set(node, now.getTime());
}

export const RATES = [0, 0.05, 0.08, 0.1] as const;

const names = fc.constantFrom('Cà phê sữa đá', 'Bánh mì thịt', 'Trà đào', 'Nước suối', 'Thịt heo');
const units = fc.constantFrom('ly', 'cái', 'kg');
/** Whole pieces or weighed goods to the gram. */
const quantities = fc.oneof(
  fc.integer({ min: 1, max: 5 }),
  fc.integer({ min: 1, max: 5_000 }).map((g) => g / 1000),
);

/** A plain goods line at one of the configured rates (what corrections and info adjustments send). */
const line = (unitPrice: fc.Arbitrary<number>) =>
  fc.record({
    name: names,
    unit: units,
    quantity: fc.integer({ min: 1, max: 5 }),
    unitPrice,
    taxRate: fc.constantFrom(...RATES),
  });

/**
 * A line of a basket as shops sell: goods at a rate with or without a discount, KCT, KKKNT or another rate,
 * a promotion, a trade discount, a note.
 */
export const basketLine = (unitPrice: fc.Arbitrary<number>) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        name: names,
        unit: units,
        quantity: quantities,
        unitPrice,
        taxRate: fc.constantFrom(...RATES),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        name: names,
        unit: units,
        quantity: quantities,
        unitPrice,
        taxRate: fc.constantFrom(...RATES),
        discountRate: fc.constantFrom(0.05, 0.1, 0.125, 0.333),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        name: names,
        unit: units,
        quantity: fc.integer({ min: 1, max: 5 }),
        unitPrice: fc.integer({ min: 10_000, max: 500_000 }),
        taxRate: fc.constantFrom(...RATES),
        discountAmount: fc.integer({ min: 1, max: 10_000 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        name: names,
        unit: units,
        quantity: quantities,
        unitPrice,
        taxCategory: fc.constantFrom('KCT' as const, 'KKKNT' as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        name: names,
        unit: units,
        quantity: quantities,
        unitPrice,
        taxCategory: fc.constant('KHAC' as const),
        taxRate: fc.constantFrom(0.035, 0.0526),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('promotion' as const),
        name: names,
        unit: units,
        quantity: quantities,
        unitPrice,
        taxRate: fc.constantFrom(...RATES),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('tradeDiscount' as const),
        name: fc.constant('Chiết khấu thương mại'),
        quantity: fc.constant(1),
        unitPrice: fc.integer({ min: 1, max: 50_000 }),
        taxRate: fc.constantFrom(...RATES),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('note' as const), name: fc.constant('Giao hàng tận nơi') }) },
  );
/** Whether lines make a sale the node issues: no tax group's trade discounts above its goods (docs/invoices.md). */
export const isSale = (lines: readonly Record<string, unknown>[]): boolean =>
  priceLines(
    lines.map(
      (l) => ({ quantity: 0, unitPrice: 0, ...l, taxRate: (l.taxRate as number | undefined) ?? 0 }) as LineRequest,
    ),
    RATES,
  ).ok;

const lines = fc
  .array(basketLine(fc.integer({ min: 0, max: 3_000_000 })), { minLength: 1, maxLength: 4 })
  .filter(isSale);
/** Shelf prices (VAT included) or prices before tax, as the till or an API client sends them. */
const pricesIncludeVat = fc.boolean();

export const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('create' as const), lines, pricesIncludeVat }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), target: fc.nat(), lines, pricesIncludeVat }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      target: fc.nat(),
      type: fc.constantFrom('increase' as const, 'decrease' as const),
      lines: fc.array(line(fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 2 }),
      pricesIncludeVat,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      target: fc.nat(),
      type: fc.constant('info' as const),
      lines: fc.array(line(fc.constant(0)), { minLength: 1, maxLength: 1 }),
      pricesIncludeVat,
    }),
  },
);
export type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** A month's operations, each on a day of the month (in order). */
export const month = fc.array(fc.tuple(fc.integer({ min: 1, max: 28 }), operation), { minLength: 1, maxLength: 12 });

/**
 * Issues the operations in `yyyyMm`, each at 09:00 in Hanoi on its day; a correction the rules refuse
 * (409: already replaced, adjusted, …) is skipped, as a real accountant would be refused. Answers the ids made.
 */
export async function issueMonth(
  node: TestNode,
  clock: ReturnType<typeof testClock>,
  yyyyMm: string,
  operations: readonly [number, Operation][],
): Promise<string[]> {
  const ids: string[] = [];
  const sorted = [...operations].sort((a, b) => a[0] - b[0]);
  for (const [index, [day, op]] of sorted.entries()) {
    clock.set(`${yyyyMm}-${String(day).padStart(2, '0')}T02:00:00.${String(index).padStart(3, '0')}Z`);
    await freshToken(node, clock.now());
    const target = op.kind === 'create' ? undefined : ids[op.target % Math.max(ids.length, 1)];
    let r: ApiResponse;
    if (op.kind === 'create' || target === undefined) {
      r = await node.request('POST', '/invoices', {
        body: invoiceBody({ items: op.lines, pricesIncludeVat: op.pricesIncludeVat }),
      });
    } else if (op.kind === 'replace') {
      r = await node.request('POST', `/invoices/${target}/replace`, {
        body: {
          buyer: { name: 'Công ty CP Thay Thế', mst: '0100109106' },
          items: op.lines,
          pricesIncludeVat: op.pricesIncludeVat,
          reason: 'Sai đơn giá',
        },
      });
    } else {
      r = await node.request('POST', `/invoices/${target}/adjust`, {
        body: {
          type: op.type,
          items: op.lines,
          pricesIncludeVat: op.pricesIncludeVat,
          reason: 'Điều chỉnh số lượng',
        },
      });
    }
    if (r.status === 409) continue;
    expect([200, 201], r.body).toContain(r.status);
    ids.push(r.json.data.id as string);
  }
  return ids;
}
