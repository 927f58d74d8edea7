/**
 * Reports, analytics and the aggregate against an independent computation: 10,000+ invoices over several
 * months and every channel, some replaced, adjusted down or rejected, with invoices at the stroke of a
 * month at 00:00 store time (UTC+7). The expected figures are computed here in plain JS from what the
 * test created, not from the node's tables.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { addDays, localDate } from '../../src/domain/calendar.js';
import type { CreateInvoiceInput } from '../../src/invoices/invoices.schemas.js';
import { createReportsRepository } from '../../src/reports/reports.repository.js';
import { TOP_SKUS } from '../../src/reports/window-figures.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import type { Answer } from '../support/answer.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, adminActor, seededRandom, startTestNode, type TestNode } from '../support/test-node.js';

const TZ = 'Asia/Ho_Chi_Minh';
const CHANNELS = ['admin', 'pos', 'web', 'auto'] as const;
const SKUS = Array.from({ length: 30 }, (_, i) => ({
  sku: `SP-${i}`,
  name: `Sản phẩm ${i}`,
  unitPrice: 1_000 * (i + 1) + 500,
  taxRate: [0, 0.05, 0.08, 0.1][i % 4]!,
}));

interface Made {
  id: string;
  date: string;
  channel: string;
  customer: string;
  total: number;
  tax: number;
  status: string;
  lines: { sku: string; quantity: number; total: number }[];
}

describe('reports and analytics over a generated data set', () => {
  const clock = testClock('2026-01-01T00:00:00.000Z');
  let node: TestNode;
  const made: Made[] = [];

  beforeAll(async () => {
    node = await startTestNode({ clock });
    const { services } = node.node;
    services.settings.update('plan', { invoiceLimit: 1_000_000 }, 'test');
    const actor = adminActor(services);
    const next = seededRandom(7);
    // Times: 10,000 spread over 2026-01-01 … 2026-04-30 (UTC), plus invoices exactly at 00:00 UTC+7 on the 1st of each month.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const span = Date.parse('2026-04-30T00:00:00.000Z') - start;
    const instants = Array.from({ length: 10_000 }, (_, i) => new Date(start + Math.floor((span * i) / 10_000)));
    for (const month of ['02', '03', '04']) {
      const midnight = new Date(`2026-${month}-01T00:00:00.000+07:00`);
      instants.push(new Date(midnight.getTime() - 1), midnight, midnight);
    }
    instants.sort((a, b) => a.getTime() - b.getTime());
    for (let offset = 0; offset < instants.length; offset += 2_000) {
      inTransaction(services.storage.sqlite, () => {
        for (const at of instants.slice(offset, offset + 2_000)) {
          clock.set(at);
          const customer = `Khách hàng ${Math.floor(next() * 300)}`;
          const input: CreateInvoiceInput = {
            buyer: { name: customer },
            items: Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
              ...SKUS[Math.floor(next() * SKUS.length)]!,
              quantity: 1 + Math.floor(next() * 4),
            })),
            paymentMethod: 'TM',
            channel: CHANNELS[Math.floor(next() * CHANNELS.length)]!,
          };
          const record = (invoice: ReturnType<typeof services.invoices.create>, status: string): Made => {
            const m = {
              id: invoice.id,
              date: localDate(at, TZ),
              channel: invoice.channel,
              customer: invoice.customerId!,
              total: invoice.totals.total,
              tax: invoice.totals.taxAmount,
              status,
              lines: invoice.items.map((l) => ({ sku: l.sku!, quantity: l.quantity, total: l.total })),
            };
            made.push(m);
            return m;
          };
          const original = record(services.invoices.create(input, actor), 'issued');
          // Corrections by the lifecycle rules: some replaced (the replacement counts instead), some
          // adjusted down (a negative adjustment invoice).
          if (made.length % 89 === 0) {
            original.status = 'replaced';
            record(
              services.lifecycle.replace(
                original.id,
                { buyer: input.buyer, items: input.items, reason: 'Sai đơn giá' },
                actor,
              ),
              'issued',
            );
          } else if (made.length % 83 === 0) {
            const [first] = input.items;
            const decrease = record(
              services.lifecycle.adjust(
                original.id,
                { type: 'decrease', items: [{ ...first!, quantity: 1 }], reason: 'Giảm giá 1 sản phẩm' },
                actor,
              ),
              'adjusted',
            );
            // A decrease is a price adjustment: its revenue goes down, no goods come back.
            decrease.lines = decrease.lines.map((line) => ({ ...line, quantity: 0 }));
          }
        }
      });
    }
    // Afterwards some are rejected by the tax authority: they leave the revenue.
    inTransaction(services.storage.sqlite, () => {
      made.forEach((m, i) => {
        if (i % 97 === 0 && m.status === 'issued')
          m.status = services.invoices.changeStatus(m.id, 'error', 'test').status;
      });
    });
    expect(made.filter((m) => m.status === 'adjusted').length).toBeGreaterThan(50);
    expect(made.filter((m) => m.status === 'replaced').length).toBeGreaterThan(50);
    clock.set('2026-04-30T05:00:00.000Z');
    node.token = await node.login('admin', ADMIN_PASSWORD);
  }, 120_000);
  afterAll(() => node.close());

  const counted = () => made.filter((m) => m.status === 'issued' || m.status === 'adjusted');
  const between = (from: string, to: string) => counted().filter((m) => m.date >= from && m.date <= to);
  const sum = (rows: Made[], f: (m: Made) => number) => rows.reduce((s, m) => s + f(m), 0);
  const get = async (path: string) => {
    const r = await node.request('GET', path);
    expect(r.status, r.body).toBe(200);
    return r.json.data;
  };

  it('puts the invoices of 00:00 store time on the new month', () => {
    const atMidnight = made.filter((m) => m.date === '2026-03-01');
    const before = made.filter((m) => m.date === '2026-02-28');
    expect(atMidnight.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeGreaterThanOrEqual(1);
  });

  it('summarises issued, pending, error and this/last month revenue', async () => {
    expect(await get('/reports/summary')).toEqual({
      totalIssued: counted().length,
      totalPending: 0,
      totalError: made.filter((m) => m.status === 'error').length,
      revenueThisMonth: sum(between('2026-04-01', '2026-04-30'), (m) => m.total),
      revenueLastMonth: sum(between('2026-03-01', '2026-03-31'), (m) => m.total),
    });
  });

  it.each(['2026-01', '2026-02', '2026-03'])('reports the month %s', async (month) => {
    const data = await get(`/reports/monthly?month=${month}&pageSize=1000`);
    const rows = between(`${month}-01`, `${month}-31`);
    expect(data.summary).toEqual({
      count: rows.length,
      totalAmount: sum(rows, (m) => m.total),
      taxAmount: sum(rows, (m) => m.tax),
    });
    const all = made.filter((m) => m.date.startsWith(month));
    expect(data.pagination).toMatchObject({ total: all.length, page: 1, pageSize: 1000 });
    expect(data.invoices).toHaveLength(Math.min(1000, all.length));
    expect(data.invoices.every((i: { issueDate: string }) => i.issueDate.startsWith(month))).toBe(true);
  });

  it.each([1, 7, 30, 90, 366])('gives revenue by channel over %i days', async (days) => {
    const from = addDays('2026-04-30', -(days - 1));
    const rows = between(from, '2026-04-30');
    const expected = CHANNELS.map((channel) => {
      const of = rows.filter((m) => m.channel === channel);
      return { channel, count: of.length, revenue: sum(of, (m) => m.total) };
    }).sort((a, b) => b.revenue - a.revenue || a.channel.localeCompare(b.channel));
    expect(await get(`/analytics/channels?days=${days}`)).toEqual(expected);
  });

  const topCustomersOf = (from: string, to: string) => {
    const byCustomer = new Map<string, { invoiceCount: number; revenue: number }>();
    for (const m of between(from, to)) {
      const c = byCustomer.get(m.customer) ?? { invoiceCount: 0, revenue: 0 };
      c.invoiceCount += 1;
      c.revenue += m.total;
      byCustomer.set(m.customer, c);
    }
    return [...byCustomer.entries()]
      .sort(([a, x], [b, y]) => y.revenue - x.revenue || (a < b ? -1 : 1))
      .slice(0, 20)
      .map(([customerId, f]) => ({ customerId, ...f }));
  };
  /** One invoice made for `name` (a line of `sku`), recorded in `made` as the figures' reference; its id. */
  const sell = (date: string, name: string, sku: (typeof SKUS)[number], quantity: number, channel: 'pos' | 'web') =>
    inTransaction(node.node.services.storage.sqlite, () => {
      const invoice = node.node.services.invoices.create(
        { buyer: { name }, items: [{ ...sku, quantity }], paymentMethod: 'TM', channel },
        adminActor(node.node.services),
      );
      made.push({
        id: invoice.id,
        date,
        channel,
        customer: invoice.customerId!,
        total: invoice.totals.total,
        tax: invoice.totals.taxAmount,
        status: 'issued',
        lines: [{ sku: sku.sku, quantity, total: invoice.items[0]!.total }],
      });
      return invoice.id;
    });

  const topCustomers = async (days: number) =>
    (await get(`/analytics/top-customers?days=${days}`)).map(({ customerId, invoiceCount, revenue }: Answer) => ({
      customerId,
      invoiceCount,
      revenue,
    }));

  // Up to 31 days the daily rows are grouped; longer windows are read through the per-customer bounds.
  it.each([7, 30, 32, 90, 180, 366])('ranks the top 20 customers over %i days', async (days) => {
    expect(await topCustomers(days)).toEqual(topCustomersOf(addDays('2026-04-30', -(days - 1)), '2026-04-30'));
    const [first] = await get(`/analytics/top-customers?days=${days}`);
    expect(first.name).toMatch(/^Khách hàng \d+$/);
  });

  const topSkusOf = (from: string, to: string) => {
    const bySku = new Map<string, { quantity: number; revenue: number }>();
    for (const line of between(from, to).flatMap((m) => m.lines)) {
      const s = bySku.get(line.sku) ?? { quantity: 0, revenue: 0 };
      s.quantity += line.quantity;
      s.revenue += line.total;
      bySku.set(line.sku, s);
    }
    return [...bySku.entries()]
      .sort(([a, x], [b, y]) => y.quantity - x.quantity || (a < b ? -1 : 1))
      .slice(0, 10)
      .map(([sku, f]) => ({ sku, name: SKUS.find((s) => s.sku === sku)!.name, ...f }));
  };

  it.each([7, 30, 366])('ranks the top 10 SKUs by quantity over %i days', async (days) => {
    expect(await get(`/analytics/top-skus?days=${days}`)).toEqual(
      topSkusOf(addDays('2026-04-30', -(days - 1)), '2026-04-30'),
    );
  });

  // Whole months are read from the monthly rollup, the other days from the daily one.
  it.each([
    ['2026-01-15', '2026-03-20'],
    ['2026-02-01', '2026-03-31'],
    ['2026-02-28', '2026-03-01'],
    ['2026-03-05', '2026-03-25'],
  ])('ranks the top 10 SKUs from %s to %s', (from, to) => {
    const reports = createReportsRepository(node.node.database.sqlite);
    expect(reports.withSkuNames(reports.rankSkus(from, to, TOP_SKUS))).toEqual(topSkusOf(from, to));
  });

  it.each(['2026-02-28', '2026-03-01', '2026-04-15'])('aggregates the day %s', async (date) => {
    const rows = between(date, date);
    const aggregate = await get(`/aggregate?date=${date}`);
    expect(aggregate).toMatchObject({
      date,
      invoiceCount: rows.length,
      totalAmount: sum(rows, (m) => m.total),
      // The dataset's lines are written without a unit: one unit, so the quantities add up.
      totalQty: sum(rows, (m) => m.lines.reduce((s, l) => s + l.quantity, 0)),
    });
    expect(aggregate.byRate.reduce((s: number, g: { total: number }) => s + g.total, 0)).toBe(aggregate.totalAmount);
  });

  /** A repair run from another process: the node sees its commit and forgets the closed days' figures. */
  const rebuildFromOutside = () => {
    const other = new Database(node.node.database.path);
    rebuildRollups(other);
    other.close();
  };

  it('rebuilding the rollups from the invoices gives the same figures', async () => {
    const before = await get('/analytics/top-skus?days=366');
    rebuildFromOutside();
    expect(await get('/analytics/top-skus?days=366')).toEqual(before);
  });

  it('keeps the invoice counts and the per customer, month and channel sales equal to the invoices, as a rebuild makes them', () => {
    const { sqlite } = node.node.database;
    const counted = () => ({
      hourly: sqlite
        .prepare('SELECT hour, status, count FROM hourly_invoice_counts WHERE count <> 0 ORDER BY hour, status')
        .all(),
      daily: sqlite
        .prepare('SELECT day, status, count FROM daily_invoice_counts WHERE count <> 0 ORDER BY day, status')
        .all(),
      customerChannels: sqlite
        .prepare(
          `SELECT customer_id, month, channel, invoice_count, revenue FROM monthly_customer_channel_sales
           WHERE invoice_count <> 0 ORDER BY customer_id, month, channel`,
        )
        .all(),
    });
    const fromInvoices = {
      hourly: sqlite
        .prepare(
          'SELECT substr(created_at, 1, 13) AS hour, status, count(*) AS count FROM invoices GROUP BY 1, 2 ORDER BY 1, 2',
        )
        .all(),
      daily: sqlite
        .prepare(
          'SELECT substr(created_at, 1, 10) AS day, status, count(*) AS count FROM invoices GROUP BY 1, 2 ORDER BY 1, 2',
        )
        .all(),
      customerChannels: sqlite
        .prepare(
          `SELECT customer_id, substr(issue_date, 1, 7) AS month, channel, count(*) AS invoice_count, sum(total) AS revenue FROM invoices
           WHERE status IN ('issued', 'adjusted') AND customer_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        )
        .all(),
    };
    expect(new Set(made.map((m) => m.status)).size).toBeGreaterThan(2);
    expect(fromInvoices.customerChannels.length).toBeGreaterThan(CHANNELS.length);
    expect(counted()).toEqual(fromInvoices);
    rebuildFromOutside();
    expect(counted()).toEqual(fromInvoices);
  });

  const channelsOf = (from: string, to: string) => {
    const rows = between(from, to);
    return CHANNELS.map((channel) => {
      const of = rows.filter((m) => m.channel === channel);
      return { channel, count: of.length, revenue: sum(of, (m) => m.total) };
    }).sort((a, b) => b.revenue - a.revenue || a.channel.localeCompare(b.channel));
  };
  const expectAnalyticsExact = async (today: string) => {
    for (const days of [7, 90]) {
      const from = addDays(today, -(days - 1));
      expect(await get(`/analytics/channels?days=${days}`), `channels ${days}`).toEqual(channelsOf(from, today));
      expect(await topCustomers(days), `customers ${days}`).toEqual(topCustomersOf(from, today));
      expect(await get(`/analytics/top-skus?days=${days}`), `skus ${days}`).toEqual(topSkusOf(from, today));
    }
  };

  // The closed days' figures are remembered between requests (src/reports/window-figures.ts).
  it('keeps the analytics exact as invoices are made today and earlier days are corrected', async () => {
    const { services } = node.node;
    const today = '2026-04-30';
    await expectAnalyticsExact(today);
    const [best] = topCustomersOf(addDays(today, -89), today);
    const bestBuyer = (await get(`/customers/${best!.customerId}`)).name;
    // Today: the best customer of 90 days buys the SKU sold least, a lot of it, on a new channel.
    sell(today, bestBuyer, SKUS[0]!, 500, 'web');
    await expectAnalyticsExact(today);
    // Earlier days: the invoices of the best customer within the week are rejected, and one of 60 days ago.
    inTransaction(services.storage.sqlite, () => {
      const corrected = made.filter(
        (m) =>
          m.status === 'issued' &&
          m.date < today &&
          ((m.customer === best!.customerId && m.date >= addDays(today, -6)) || m.date === addDays(today, -60)),
      );
      expect(corrected.length).toBeGreaterThan(1);
      for (const m of corrected) m.status = services.invoices.changeStatus(m.id, 'error', 'test').status;
    });
    await expectAnalyticsExact(today);
  });

  // Each sale brings the kept ranking forward by its buyer alone (src/reports/ranking.ts rankAfterChanges).
  it('keeps top customers exact sale after sale today, and after a ranked customer falls', async () => {
    const { services } = node.node;
    const today = '2026-04-30';
    const from = addDays(today, -89);
    expect(await topCustomers(90)).toEqual(topCustomersOf(from, today));
    const everyone = [...new Set(between(from, today).map((m) => m.customer))];
    expect(everyone.length).toBeGreaterThan(25);
    const sales: string[] = [];
    const outside = everyone.filter((id) => !topCustomersOf(from, today).some((r) => r.customerId === id));
    for (let i = 0; i < 12; i++) {
      // Buyers from the top, the middle and the last of the twenty, a few from outside them, new ones.
      const ranked = topCustomersOf(from, today).map((r) => r.customerId);
      const pick = [ranked[0], ranked[10], ranked[19], outside[i]][i % 4]!;
      const name = i % 5 === 4 ? `Khách mới ${i}` : (await get(`/customers/${pick}`)).name;
      sales.push(sell(today, name, SKUS[1]!, pick === outside[i] || i % 5 === 4 ? 40 * i : 1 + ((i * 7) % 40), 'pos'));
      expect(await topCustomers(90), `sale ${i}`).toEqual(topCustomersOf(from, today));
    }
    // Some came from outside the twenty.
    expect(topCustomersOf(from, today).filter((r) => outside.includes(r.customerId)).length).toBeGreaterThan(0);
    // The sale that brought a customer from outside into the twenty rejected: that customer falls out of them,
    // and the one it had passed comes back (the twenty ranked again).
    const fallen = made.find((m) => m.id === sales[11])!;
    expect(topCustomersOf(from, today).some((r) => r.customerId === fallen.customer)).toBe(true);
    inTransaction(services.storage.sqlite, () => {
      fallen.status = services.invoices.changeStatus(fallen.id, 'error', 'test').status;
    });
    expect(topCustomersOf(from, today).some((r) => r.customerId === fallen.customer)).toBe(false);
    expect(await topCustomers(90)).toEqual(topCustomersOf(from, today));

    // The twenty's names are kept until a customer is written: a ranked customer renamed is named anew.
    const [first] = await get('/analytics/top-customers?days=90');
    const rename = services.storage.sqlite.prepare('UPDATE customers SET name = ? WHERE id = ?');
    rename.run('Công ty Tên Mới', first.customerId);
    expect((await get('/analytics/top-customers?days=90'))[0]).toMatchObject({
      customerId: first.customerId,
      name: 'Công ty Tên Mới',
    });
    rename.run(first.name, first.customerId);
  });

  it('sees rollups changed by another process', async () => {
    const before = await get('/analytics/top-skus?days=7');
    const other = new Database(node.node.database.path);
    other
      .prepare("UPDATE daily_sku_sales SET quantity = quantity + 100000 WHERE date = ? AND sku = 'SP-1'")
      .run(addDays('2026-04-30', -3));
    other.close();
    expect((await get('/analytics/top-skus?days=7'))[0]).toMatchObject({ sku: 'SP-1' });
    rebuildFromOutside();
    expect(await get('/analytics/top-skus?days=7')).toEqual(before);
  });

  it('ranks top customers exactly after the window has rolled on past the first months', async () => {
    // A year later a few invoices move the start of the customers' bounds to 2026-02-10, dropping January.
    const { services } = node.node;
    const actor = adminActor(services);
    const today = '2027-02-10';
    clock.set(`${today}T05:00:00.000Z`);
    // The catalogue sells at 8 %: an extension of the reduction window a year on, as an admin would add it.
    services.settings.update(
      'vatReduction',
      { windows: [{ from: '2025-07-01', to: '2027-12-31', reducedRate: 0.08, basis: 'Gia hạn giảm thuế (phép thử)' }] },
      actor.username,
    );
    inTransaction(services.storage.sqlite, () => {
      for (let i = 0; i < 30; i++) {
        const invoice = services.invoices.create(
          {
            buyer: { name: `Khách hàng ${i * 7}` },
            items: [{ ...SKUS[i % SKUS.length]!, quantity: 1 + (i % 5) }],
            paymentMethod: 'TM',
            channel: 'pos',
          },
          actor,
        );
        made.push({
          id: invoice.id,
          date: today,
          channel: 'pos',
          customer: invoice.customerId!,
          total: invoice.totals.total,
          tax: invoice.totals.taxAmount,
          status: 'issued',
          lines: [],
        });
      }
    });
    node.token = await node.login('admin', ADMIN_PASSWORD);
    const days = [366, 355, 340, 300, 32, 1];
    for (const d of days)
      expect(await topCustomers(d), `${d} days`).toEqual(topCustomersOf(addDays(today, -(d - 1)), today));
    rebuildFromOutside();
    for (const d of days)
      expect(await topCustomers(d), `${d} days after rebuild`).toEqual(topCustomersOf(addDays(today, -(d - 1)), today));
  });
});
