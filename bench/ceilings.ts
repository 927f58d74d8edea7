/**
 * The ceilings each scenario is compared with, measured in the same run: what fastify + zod + SQLite with
 * the node's pragmas can do at best on this machine, with none of the node's work.
 */

import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openDatabaseFile } from '../src/db/open.js';
import { createInvoiceBody } from '../src/invoices/invoices.schemas.js';
import { MAX_PUSH_RECORDS } from '../sync/protocol.js';

const LIST_ROWS = Array.from({ length: 20 }, (_, i) => ({
  id: randomUUID(),
  platformId: `store-1/1C26MAA/${i + 1}`,
  status: 'issued',
  mauSo: '1',
  kyHieu: 'C26MAA',
  number: i + 1,
  issueDate: '2026-11-22',
  buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
  totals: { subtotal: 50_000, taxAmount: 5_000, total: 55_000 },
  channel: 'pos',
  paymentMethod: 'TM',
  createdAt: '2026-11-22T03:00:00.000Z',
}));

/** The route paths of the ceiling server (`startCeilingServer`). */
export const CEILING_ROUTES = { write: '/write', signedWrite: '/write-signed', read: '/read' } as const;

/**
 * A bare fastify server: POST /write validates an invoice body with zod and commits one row; POST
 * /write-signed does the same and signs the body first (RSA-2048, SHA-256, node:crypto on the loop: the
 * private-key operation any write must pay when each invoice is signed); GET returns 20 rows.
 */
export async function startCeilingServer(port: number, dataDir: string): Promise<void> {
  const sqlite = openDatabaseFile(join(dataDir, 'ceiling.sqlite'));
  sqlite.exec('CREATE TABLE IF NOT EXISTS rows (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO rows (id, body, created_at) VALUES (?, ?, ?)');
  sqlite.exec(
    'CREATE TABLE IF NOT EXISTS signed_rows (id TEXT PRIMARY KEY, body TEXT NOT NULL, signature BLOB NOT NULL, created_at TEXT NOT NULL)',
  );
  const insertSigned = sqlite.prepare('INSERT INTO signed_rows (id, body, signature, created_at) VALUES (?, ?, ?, ?)');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.post(CEILING_ROUTES.write, { schema: { body: createInvoiceBody } }, async (request, reply) => {
    const id = randomUUID();
    insert.run(id, JSON.stringify(request.body), new Date().toISOString());
    return reply.code(201).send({ success: true, data: { id } });
  });
  app.post(CEILING_ROUTES.signedWrite, { schema: { body: createInvoiceBody } }, async (request, reply) => {
    const id = randomUUID();
    const body = JSON.stringify(request.body);
    insertSigned.run(id, body, sign('sha256', Buffer.from(body), privateKey), new Date().toISOString());
    return reply.code(201).send({ success: true, data: { id } });
  });
  app.get(CEILING_ROUTES.read, async () => ({
    success: true,
    data: { items: LIST_ROWS, total: 20, page: 1, pageSize: 20, totalPages: 1 },
  }));
  await app.listen({ host: '127.0.0.1', port });
}

/** Raw SQLite: one-row write transactions per second with synchronous=FULL, no HTTP at all. */
export function rawSqliteCommitsPerSecond(dataDir: string, seconds = 2): number {
  const sqlite = openDatabaseFile(join(dataDir, 'raw.sqlite'));
  sqlite.exec('CREATE TABLE IF NOT EXISTS rows (id TEXT PRIMARY KEY, body TEXT NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO rows (id, body) VALUES (?, ?)');
  const commit = sqlite.transaction((id: string) => insert.run(id, 'x'.repeat(400)));
  const end = Date.now() + seconds * 1000;
  let n = 0;
  while (Date.now() < end) {
    commit(randomUUID());
    n += 1;
  }
  sqlite.close();
  return n / seconds;
}

/**
 * The sync ceiling: the rows of a store's outbox inserted into a fresh file keyed like HQ's records
 * (store, record id, version), in transactions of MAX_PUSH_RECORDS rows with synchronous=FULL, in this
 * process — what writing those rows durably at the other end costs on this disk, with no HTTP, JSON, zod or
 * projection. Answers rows per second.
 */
export function rawSqliteBatchInsertsPerSecond(storeDatabase: string, dataDir: string): number {
  const store = openDatabaseFile(storeDatabase, { readonly: true });
  const rows = store
    .prepare(
      'SELECT record_id AS recordId, version, payload FROM sync_outbox WHERE seq > coalesce((SELECT pushed_through_seq FROM sync_state WHERE id = 1), 0) ORDER BY seq',
    )
    .all() as {
    recordId: string;
    version: number;
    payload: string;
  }[];
  store.close();
  const path = join(dataDir, 'raw-sync.sqlite');
  rmSync(path, { force: true });
  rmSync(`${path}-wal`, { force: true });
  const sqlite = openDatabaseFile(path);
  sqlite.exec(
    'CREATE TABLE records (store_id TEXT NOT NULL, record_id TEXT NOT NULL, version INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (store_id, record_id, version))',
  );
  const insert = sqlite.prepare('INSERT OR IGNORE INTO records VALUES (?, ?, ?, ?)');
  const commit = sqlite.transaction((batch: typeof rows) => {
    for (const r of batch) insert.run('bench-store', r.recordId, r.version, r.payload);
  });
  const started = performance.now();
  for (let i = 0; i < rows.length; i += MAX_PUSH_RECORDS) commit(rows.slice(i, i + MAX_PUSH_RECORDS));
  const seconds = (performance.now() - started) / 1000;
  sqlite.close();
  rmSync(path, { force: true });
  return rows.length / seconds;
}
