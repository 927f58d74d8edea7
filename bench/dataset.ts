/**
 * Realistic data for the benchmarks, made through the real services (so every listener — customers,
 * products, rollups, queues — runs): invoices spread over 24 months, 1–5 lines from a catalogue, repeat
 * customers with and without MST, all channels. Written in large transactions with a clock that walks
 * through time.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadNodeConfig } from '../src/config.js';
import { inTransaction } from '../src/db/transaction.js';
import type { CreateInvoiceInput } from '../src/invoices/invoices.schemas.js';
import { type OpenedNode, openNode } from '../src/node.js';
import { PASSWORD } from './harness.js';

const CHANNELS = ['pos', 'pos', 'pos', 'web', 'admin', 'auto'] as const;
const RATES = [0.1, 0.08, 0.05, 0] as const;
const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const GIVEN = [
  'Văn An',
  'Thị Bình',
  'Minh Châu',
  'Quốc Dũng',
  'Thu Hà',
  'Đức Thành',
  'Ngọc Lan',
  'Hải Nam',
  'Thanh Tâm',
  'Gia Huy',
];
const PRODUCTS = Array.from({ length: 500 }, (_, i) => ({
  sku: `SKU-${String(i + 1).padStart(4, '0')}`,
  name: `${['Cà phê', 'Trà sữa', 'Bánh mì', 'Nước suối', 'Bánh bao', 'Sữa chua'][i % 6]} loại ${i + 1}`,
  unitPrice: 5_000 + ((i * 7919) % 200) * 1_000,
  taxRate: RATES[i % RATES.length] as number,
}));

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A valid 10-digit MST for customer `i` (check digit computed, sums divisible by 11 skipped). */
function mstFor(i: number): string | undefined {
  const weights = [31, 29, 23, 19, 17, 13, 7, 5, 3];
  for (let k = 0; k < 20; k += 1) {
    const body = `01${String(10_000 + i * 20 + k).padStart(7, '0')}`;
    const sum = [...body].reduce((acc, d, j) => acc + Number(d) * (weights[j] as number), 0);
    if (sum % 11 !== 0 && 10 - (sum % 11) < 10) return `${body}${10 - (sum % 11)}`;
  }
  return undefined;
}

export function invoiceInputFor(n: number, next: () => number): CreateInvoiceInput {
  const customer = Math.floor(next() * 50_000);
  const walkIn = next() < 0.4;
  const buyer = walkIn
    ? { name: 'Khách lẻ' }
    : {
        name: `${FAMILY[customer % FAMILY.length]} ${GIVEN[customer % GIVEN.length]} ${customer}`,
        mst: customer % 3 === 0 ? mstFor(customer) : undefined,
      };
  const lines = 1 + Math.floor(next() * 5);
  return {
    buyer,
    items: Array.from({ length: lines }, () => {
      const product = PRODUCTS[Math.floor(next() * PRODUCTS.length)]!;
      return { ...product, quantity: 1 + Math.floor(next() * 3) };
    }),
    paymentMethod: 'TM/CK',
    channel: CHANNELS[n % CHANNELS.length] as CreateInvoiceInput['channel'],
  };
}

/** The body both write scenarios send: an invoice of three lines. */
export const threeLineInvoice = (next: () => number): string =>
  JSON.stringify({
    ...invoiceInputFor(1, next),
    items: invoiceInputFor(2, next).items.concat(invoiceInputFor(3, next).items).slice(0, 3),
  });

/** A fixed-seed generator for request bodies (not the data set's). */
export function requestRandom(): () => number {
  let n = 0;
  return () => {
    n = (n * 1103515245 + 12345) % 2 ** 31;
    return n / 2 ** 31;
  };
}

export interface DatasetOptions {
  invoices: number;
  /** The clock the node was opened with; moved forward as invoices are written. */
  clock: { set(instant: Date): void };
  end: Date;
  onProgress?(done: number): void;
}

export function generateDataset(node: OpenedNode, options: DatasetOptions): void {
  const { services } = node;
  const actor = services.users.list().find((u) => u.role === 'admin')!;
  const user = { id: actor.id, username: actor.username, role: actor.role };
  // A year of a busy store is far beyond the default plan: the benchmark measures the node, not the plan.
  inTransaction(services.storage.sqlite, () =>
    services.settings.update('plan', { invoiceLimit: 1_000_000_000 }, 'bench'),
  );
  const next = random(42);
  const spanMs = 730 * 24 * 3600 * 1000;
  const start = options.end.getTime() - spanMs;
  const batch = 5_000;
  for (let done = 0; done < options.invoices; done += batch) {
    inTransaction(services.storage.sqlite, () => {
      for (let i = done; i < Math.min(done + batch, options.invoices); i += 1) {
        options.clock.set(new Date(start + Math.floor((spanMs * i) / options.invoices)));
        services.invoices.create(invoiceInputFor(i, next), user);
      }
      // As the node's background job would, a batch at a time.
      services.invoices.indexBuyerNames(batch);
    });
    options.onProgress?.(Math.min(done + batch, options.invoices));
  }
  // Two years of history went to the tax authority long ago: the node under test has no backlog to send.
  services.storage.sqlite.exec(
    `UPDATE transmissions SET state = 'accepted', accepted_at = queued_at WHERE state = 'queued'`,
  );
  historySigned(services.storage.sqlite);
  historyLive(services.storage.sqlite);
}

/**
 * The history is a live shop's: its invoices in the legal series (the default template's `C<yy>MAA`), not
 * demo, and the rollups counting them all. Generated in demo mode (no seller, no certificate), it is turned
 * into what the same sales issued live would have left; the node under test is then taken live (live-node.ts).
 */
export function historyLive(sqlite: OpenedNode['services']['storage']['sqlite']): void {
  sqlite.exec(`
    UPDATE invoices SET demo = 0, ky_hieu = substr(ky_hieu, 1, 4) || 'AA',
      platform_id = replace(platform_id, ky_hieu, substr(ky_hieu, 1, 4) || 'AA') WHERE demo = 1;
    UPDATE invoice_sequences SET ky_hieu = substr(ky_hieu, 1, 4) || 'AA' WHERE ky_hieu LIKE '____DT';
    UPDATE rollup_demo_scope SET includes_demo = 0;`);
}

/**
 * Two years of invoices were signed when they were issued: the node under test has no signing backlog either
 * (a million waiting documents had it signing in the background through every scenario). Their signed bytes
 * are not what any scenario reads, and signing a million took some twenty minutes, so a short stand-in is
 * stored in their place.
 */
export function historySigned(sqlite: OpenedNode['services']['storage']['sqlite']): void {
  sqlite.exec(
    `UPDATE invoice_documents SET xml = '<HDon/>', signed_at = '2024-01-01T00:00:00', origin = 'issue' WHERE xml IS NULL`,
  );
}

/** How many invoices a kept data set's database holds. */
function invoicesHeld(dataDir: string): number {
  const sqlite = new Database(join(dataDir, 'hoadon.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare<[], number>('SELECT count(*) FROM invoices').pluck().get() ?? 0;
  } finally {
    sqlite.close();
  }
}

/**
 * A data dir holding `invoices` generated invoices, made once and reused (`ready` marks a finished one);
 * `fresh` makes it again. A kept set holding any other number is made again too: a node once started on the
 * set itself rather than on its working copy had issued 22,301 demo invoices into the 20,000, and every read
 * measured on it was of another store (its figures leave demo invoices out one by one).
 */
export async function preparedDataDir(dataDir: string, invoices: number, fresh: boolean): Promise<string> {
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(join(dataDir, 'ready'))) {
    const held = invoicesHeld(dataDir);
    if (held === invoices) return dataDir;
    console.log(`${dataDir} holds ${held} invoices, not ${invoices}: made again`);
  }
  console.log(`preparing ${invoices} invoices in ${dataDir}…`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let now = new Date('2024-11-23T00:00:00.000Z');
  const clock = { now: () => now, set: (instant: Date) => (now = instant) };
  const node = await openNode(loadNodeConfig({ dataDir, adminPassword: PASSWORD, logLevel: 'silent' }, {}), { clock });
  const started = performance.now();
  generateDataset(node, {
    invoices,
    clock,
    end: new Date(),
    onProgress: (done) => {
      if (done % 100_000 === 0)
        console.log(`  data: ${done} invoices (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    },
  });
  await node.close();
  writeFileSync(join(dataDir, 'ready'), new Date().toISOString());
  return dataDir;
}

/**
 * A copy of a prepared data dir for one run (its backups left out): each run issues thousands of invoices,
 * and on the prepared dir itself every run would measure a larger month and a longer idempotency table than
 * the one before.
 */
export function workingCopy(dataDir: string): string {
  const copy = `${dataDir}.run`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dataDir, copy, { recursive: true, filter: (source) => !source.startsWith(join(dataDir, 'backups')) });
  return copy;
}
