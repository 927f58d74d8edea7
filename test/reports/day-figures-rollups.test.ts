/**
 * The end of day's figures per tax group and per unit are read from rollups kept in each invoice's
 * transaction (src/reports/day-figures.ts). Over random baskets (KCT, KKKNT and KHAC lines, promotions,
 * discounts, weighed goods, notes), replacements and adjustments (increase, decrease, information), in demo
 * mode and once live, they answer exactly what the day's invoices and lines answer, as do the rollups
 * rebuilt from the invoices and those migration 0012 fills.
 */
import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/calendar.js';
import { createDayFigures } from '../../src/reports/day-figures.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import { dayFiguresFromInvoices } from '../support/day-figures-oracle.js';
import { goLive } from '../support/live-seller.js';
import { invoiceBody, seededRandom, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

const TAXES = [
  { taxRate: 0 },
  { taxRate: 0.05 },
  { taxRate: 0.08 },
  { taxRate: 0.1 },
  { taxCategory: 'KCT' },
  { taxCategory: 'KKKNT' },
  { taxCategory: 'KHAC', taxRate: 0.0526 },
] as const;
const UNITS = ['cái', 'kg', 'ly', 'hộp', undefined] as const;

type Tax = (typeof TAXES)[number];

function basketMaker(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const goods = (i: number, tax: Tax = pick(TAXES)) => {
    const unit = pick(UNITS);
    // Weighed goods: up to 3 decimals, always with their unit.
    const weighed = unit !== undefined && random() < 0.4;
    const quantity = weighed ? Math.floor(random() * 5_000 + 1) / 1_000 : 1 + Math.floor(random() * 4);
    const discount =
      random() < 0.2 ? { discountRate: 0.1 } : random() < 0.2 ? { discountAmount: 1_000 } : ({} as object);
    return {
      name: `Hàng ${i}`,
      sku: `SKU-${Math.floor(random() * 6)}`,
      ...(unit !== undefined && { unit }),
      quantity,
      unitPrice: 10_000 * (2 + Math.floor(random() * 20)),
      ...tax,
      ...discount,
    };
  };
  const basket = () => {
    const tax = pick(TAXES);
    const lines: object[] = [goods(0, tax)];
    const more = Math.floor(random() * 3);
    for (let i = 1; i <= more; i += 1) lines.push(goods(i));
    if (random() < 0.4)
      lines.push({
        name: 'Quà tặng',
        kind: 'promotion',
        unit: pick(['cái', 'ly']),
        quantity: 1,
        unitPrice: 5_000,
        ...pick(TAXES),
      });
    // A trade discount smaller than the goods of its group.
    if (random() < 0.3)
      lines.push({ name: 'Chiết khấu', kind: 'tradeDiscount', quantity: 1, unitPrice: 3_000, ...tax });
    if (random() < 0.2) lines.push({ name: 'Ghi chú', kind: 'note' });
    return lines;
  };
  /** Adjustment lines, sent positive whatever the type; an information adjustment moves no money. */
  const adjustment = (type: 'increase' | 'decrease' | 'info') =>
    type === 'info'
      ? [{ name: 'Sửa tên hàng', quantity: 1, unitPrice: 0, taxRate: 0.1 }]
      : [{ ...goods(9), unitPrice: 1_000 * (1 + Math.floor(random() * 9)) }];
  return { basket, adjustment, pick };
}

describe('the end of day per tax group and per unit, from rollups', () => {
  let node: TestNode;
  let sqlite: Database.Database;
  const random = seededRandom(34);
  const make = basketMaker(random);
  const done = { created: 0, replaced: 0, increase: 0, decrease: 0, info: 0 };
  const today = () => localDate(new Date(), node.config.timeZone);
  const figures = () => createDayFigures(sqlite);

  beforeAll(async () => {
    node = await startTestNode();
    await reducedRateOnEveryDate(node);
    sqlite = node.node.database.sqlite;
  });
  afterAll(() => node.close());

  /** Random sales and corrections of the invoices written so far. */
  async function sell(rounds: number) {
    for (let i = 0; i < rounds; i += 1) {
      const r = await node.request('POST', '/invoices', { body: invoiceBody({ items: make.basket() }) });
      expect(r.status, r.body).toBe(201);
      done.created += 1;
      if (random() < 0.5) continue;
      const candidates = sqlite
        .prepare<[], { id: string; status: string; replaces_id: string | null; adjusted_by_id: string | null }>(
          `SELECT id, status, replaces_id, adjusted_by_id FROM invoices WHERE status IN ('issued', 'adjusted') ORDER BY id`,
        )
        .all();
      const target = make.pick(candidates);
      const adjustable = target.status === 'issued' && target.replaces_id === null;
      if (random() < 0.3 && target.adjusted_by_id === null) {
        const replaced = await node.request('POST', `/invoices/${target.id}/replace`, {
          body: { buyer: invoiceBody().buyer, items: make.basket(), reason: 'Sai hàng' },
        });
        if (replaced.status === 200 || replaced.status === 201) done.replaced += 1;
      } else if (adjustable) {
        const type = make.pick(['increase', 'decrease', 'decrease', 'info'] as const);
        const adjusted = await node.request('POST', `/invoices/${target.id}/adjust`, {
          body: { type, items: make.adjustment(type), reason: 'Điều chỉnh' },
        });
        if (adjusted.status === 200 || adjusted.status === 201) done[type] += 1;
      }
    }
  }

  const expectSameAsInvoices = () => {
    const expected = dayFiguresFromInvoices(sqlite, today());
    expect(figures()(today())).toEqual(expected);
    return expected;
  };

  it('leaves out a group and a unit whose only invoice was replaced, and shows a group netting to 0', async () => {
    const lone = {
      name: 'Xi măng',
      unit: 'bao',
      quantity: 2.5,
      unitPrice: 90_000,
      taxCategory: 'KHAC',
      taxRate: 0.075,
    };
    const sold = await node.request('POST', '/invoices', { body: invoiceBody({ items: [lone] }) });
    expect(sold.status, sold.body).toBe(201);
    const netZero = [
      { name: 'Bàn', unit: 'cái', quantity: 1, unitPrice: 50_000, taxRate: 0.08 },
      { name: 'Chiết khấu', kind: 'tradeDiscount', quantity: 1, unitPrice: 50_000, taxRate: 0.08 },
      { name: 'Đèn', unit: 'cái', quantity: 1, unitPrice: 20_000, taxRate: 0.1 },
    ];
    expect((await node.request('POST', '/invoices', { body: invoiceBody({ items: netZero }) })).status).toBe(201);
    expect(expectSameAsInvoices()).toMatchObject({
      byRate: [
        { taxGroup: '8%', amount: 0, tax: 0 },
        { taxGroup: '10%', amount: 20_000 },
        { taxGroup: 'KHAC:7.50', amount: 225_000 },
      ],
      quantitiesByUnit: [
        { unit: 'bao', quantity: 2.5 },
        { unit: 'cái', quantity: 2 },
      ],
    });
    const replaced = await node.request('POST', `/invoices/${sold.json.data.id}/replace`, {
      body: {
        buyer: invoiceBody().buyer,
        items: [{ ...lone, unit: 'cái', quantity: 1, taxCategory: 'KCT', taxRate: undefined }],
        reason: 'Sai hàng',
      },
    });
    expect(replaced.status, replaced.body).toBe(200);
    expect(expectSameAsInvoices()).toMatchObject({
      byRate: [{ taxGroup: 'KCT' }, { taxGroup: '8%' }, { taxGroup: '10%' }],
      quantitiesByUnit: [{ unit: 'cái', quantity: 3 }],
    });
  });

  it('answers what the invoices answer while the demo invoices count', async () => {
    await sell(60);
    const expected = expectSameAsInvoices();
    expect(expected.byRate.map((g) => g.taxGroup)).toEqual(
      expect.arrayContaining(['KCT', 'KKKNT', 'KHAC:5.26', '0%', '5%', '8%', '10%']),
    );
    expect(expected.quantitiesByUnit.some((u) => !Number.isInteger(u.quantity))).toBe(true);
    expect(figures()('2000-01-01')).toEqual({ byRate: [], quantitiesByUnit: [] });
  });

  it('answers the same once live, the demo invoices left out, through replacements and adjustments', async () => {
    await goLive(node);
    await sell(60);
    const demo = sqlite.prepare<[], number>('SELECT count(*) FROM invoices WHERE demo = 1').pluck().get();
    expect(demo).toBeGreaterThan(0);
    expectSameAsInvoices();
    expect(done.replaced).toBeGreaterThan(3);
    expect(done.increase).toBeGreaterThan(3);
    expect(done.decrease).toBeGreaterThan(3);
    expect(done.info).toBeGreaterThan(0);
    // GET /aggregate itself, bypassing the answer cache.
    const answer = await node.request('GET', `/aggregate?date=${today()}`, {
      headers: { 'cache-control': 'no-cache' },
    });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json.data).toMatchObject(dayFiguresFromInvoices(sqlite, today()));
  });

  it('rebuilds and migration 0012 fill the rollups as the invoice changes kept them', () => {
    const rows = () => ({
      groups: sqlite.prepare('SELECT * FROM daily_tax_group_sales WHERE line_count <> 0 ORDER BY 1, 2').all(),
      units: sqlite.prepare('SELECT * FROM daily_unit_quantities WHERE quantity_thousandths <> 0 ORDER BY 1, 2').all(),
    });
    const kept = rows();
    rebuildRollups(sqlite);
    expect(rows()).toEqual(kept);
    expectSameAsInvoices();
    sqlite.exec('DROP TABLE daily_tax_group_sales; DROP TABLE daily_unit_quantities');
    for (const statement of readFileSync('migrations/0012_day_line_rollups.sql', 'utf8').split(
      '--> statement-breakpoint',
    ))
      sqlite.exec(statement);
    expect(rows()).toEqual(kept);
    expectSameAsInvoices();
  });
});
