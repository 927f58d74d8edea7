/** GET/POST /backups and GET /backups/:name over HTTP: a backup made now, listed, downloaded whole. */

import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/** The invoices of a database file, each with its number and total, in id order. */
function invoicesIn(file: string) {
  const database = new Database(file, { readonly: true });
  try {
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    return database.prepare('SELECT id, number, total, version FROM invoices ORDER BY id').all();
  } finally {
    database.close();
  }
}

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

describe('backup routes', () => {
  it('makes a backup, lists it newest first with its checksum, and serves the file that matches it', async () => {
    expect((await node.request('GET', '/backups')).json.data).toEqual([]);
    for (const name of ['Khách lẻ', 'Công ty TNHH Hòa Bình'])
      expect((await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name } }) })).status).toBe(201);
    const made = await node.request('POST', '/backups', { headers: { 'x-idempotency-key': 'backup-1' } });
    expect(made.status, made.body).toBe(201);
    const { name, sha256, sizeBytes } = made.json.data;
    expect(name).toMatch(/^manual-.*\.sqlite$/);
    expect((await node.request('GET', '/backups')).json.data).toEqual([made.json.data]);

    const file = await node.app.inject({
      method: 'GET',
      url: `/api/v1/backups/${name}`,
      headers: { authorization: `Bearer ${node.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.sqlite3');
    expect(file.rawPayload.length).toBe(sizeBytes);
    expect(file.rawPayload.subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(sha256);
    // The copy downloaded, opened as the database it is, holds the node's invoices as they were.
    const copy = join(mkdtempSync(join(tmpdir(), 'hoadon-download-')), name);
    writeFileSync(copy, file.rawPayload);
    const restored = invoicesIn(copy);
    expect(restored).toHaveLength(2);
    expect(restored).toEqual(
      node.node.services.storage.sqlite.prepare('SELECT id, number, total, version FROM invoices ORDER BY id').all(),
    );
  });

  it('answers 404 for a name that is not a backup, and refuses other roles', async () => {
    expect((await node.request('GET', '/backups/..%2Fhoadon.sqlite')).status).toBe(404);
    expect((await node.request('GET', '/backups/manual-x.sqlite')).status).toBe(404);
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('POST', '/backups', { token: cashier })).status).toBe(403);
  });
});
