/** GET/POST /backups and GET /backups/:name over HTTP: a backup made now, listed, downloaded whole. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

describe('backup routes', () => {
  it('makes a backup, lists it newest first with its checksum, and serves the file that matches it', async () => {
    expect((await node.request('GET', '/backups')).json.data).toEqual([]);
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
  });

  it('answers 404 for a name that is not a backup, and refuses other roles', async () => {
    expect((await node.request('GET', '/backups/..%2Fhoadon.sqlite')).status).toBe(404);
    expect((await node.request('GET', '/backups/manual-x.sqlite')).status).toBe(404);
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('POST', '/backups', { token: cashier })).status).toBe(403);
  });
});
