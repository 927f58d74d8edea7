import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../../src/audit/audit.repository.js';
import { auditHash, GENESIS_HASH } from '../../src/audit/audit-chain.js';
import { verifyAuditEntries } from '../../src/audit/audit-verify.js';
import { DATABASE_FILE } from '../../src/db/open.js';
import { runHoadon } from '../support/processes.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('GET /invoices/:id/audit', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('lists the entries oldest first, each hashed over the previous one', async () => {
    const created = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    await node.request('POST', `/invoices/${created.id}/adjust`, {
      body: {
        type: 'increase',
        items: [{ name: 'Cà phê sữa đá', unit: 'cái', quantity: 1, unitPrice: 25_000 }],
        reason: 'Thiếu một ly',
      },
    });
    const r = await node.request('GET', `/invoices/${created.id}/audit`);
    expect(r.status).toBe(200);
    const trail = r.json.data as {
      seq: number;
      at: string;
      actor: string;
      action: string;
      details: unknown;
      prevHash: string;
      hash: string;
    }[];
    expect(trail.map((e) => [e.seq, e.action, e.actor])).toEqual([
      [1, 'created', 'admin'],
      [2, 'adjusted', 'admin'],
    ]);
    let prevHash = GENESIS_HASH;
    for (const entry of trail) {
      expect(entry.prevHash).toBe(prevHash);
      const { seq, at, actor, action, details } = entry;
      expect(entry.hash).toBe(auditHash(prevHash, { invoiceId: created.id, seq, at, actor, action, details }));
      prevHash = entry.hash;
    }
  });

  it('starts a chain only for an invoice that has none', async () => {
    const created = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const { db, sqlite } = node.node.services.storage;
    const entries = () =>
      sqlite.prepare('SELECT count(*) AS n FROM audit_entries WHERE invoice_id = ?').get(created.id);
    const input = {
      invoiceId: created.id,
      at: new Date().toISOString(),
      actor: 'admin',
      action: 'created',
      details: {},
    };
    expect(() => createAuditRepository(db).start(input)).toThrow(/UNIQUE/);
    expect(entries()).toEqual({ n: 1 });
  });

  it('reads a trail and walks every chain through the (invoice_id, seq) index, never sorting', () => {
    const plan = (sql: string, ...params: unknown[]) =>
      (node.node.services.storage.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
    expect(plan('SELECT * FROM audit_entries WHERE invoice_id = ? ORDER BY seq', 'x')).toMatch(
      /USING INDEX audit_entries_invoice_seq/,
    );
    const everything = plan('SELECT * FROM audit_entries ORDER BY invoice_id, seq');
    expect(everything).toMatch(/USING INDEX audit_entries_invoice_seq/);
    expect(everything).not.toMatch(/TEMP B-TREE/);
  });

  it('answers 404 for an unknown invoice', async () => {
    const r = await node.request('GET', '/invoices/unknown-id/audit');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('NOT_FOUND');
  });

  it('is readable by every role', async () => {
    const created = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    for (const role of ['cashier', 'accountant'] as const) {
      expect(
        (await node.request('GET', `/invoices/${created.id}/audit`, { token: await node.tokenFor(role) })).status,
      ).toBe(200);
    }
  });
});

describe('verifying chains', () => {
  const entry = (invoiceId: string, seq: number, prevHash: string, details: Record<string, unknown> = {}) => {
    const content = { invoiceId, seq, at: '2026-01-01T00:00:00.000Z', actor: 'a', action: 'x', details };
    return { ...content, details: JSON.stringify(details), prevHash, hash: auditHash(prevHash, content) };
  };
  const chain = (invoiceId: string, length: number) => {
    const entries = [];
    let prev = GENESIS_HASH;
    for (let seq = 1; seq <= length; seq++) {
      const e = entry(invoiceId, seq, prev, { n: seq });
      entries.push(e);
      prev = e.hash;
    }
    return entries;
  };

  it('counts intact chains and entries', () => {
    expect(verifyAuditEntries([...chain('a', 3), ...chain('b', 2)])).toEqual({ chains: 2, entries: 5 });
  });

  it('names an edited entry, a missing entry and a relinked entry', () => {
    const edited = chain('a', 3);
    edited[1] = { ...edited[1]!, details: '{"n":99}' };
    expect(verifyAuditEntries(edited).broken).toMatchObject({
      subject: 'a',
      seq: 2,
      problem: expect.stringMatching(/hash/),
    });

    const missing = chain('a', 3).filter((e) => e.seq !== 2);
    expect(verifyAuditEntries(missing).broken).toMatchObject({
      subject: 'a',
      seq: 3,
      problem: expect.stringMatching(/missing/),
    });

    const relinked = [...chain('a', 1), entry('a', 2, 'f'.repeat(64))];
    expect(verifyAuditEntries(relinked).broken).toMatchObject({
      subject: 'a',
      seq: 2,
      problem: expect.stringMatching(/prevHash/),
    });
  });
});

describe('hoadon audit verify', () => {
  let dataDir: string;
  const ids: string[] = [];
  const verify = (...args: string[]) => runHoadon(['audit', 'verify', '--data-dir', dataDir, ...args]);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hoadon-audit-'));
    const node = await startTestNode({ dataDir });
    for (let i = 0; i < 3; i++)
      ids.push((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data.id);
    await node.request('POST', `/invoices/${ids[0]}/replace`, {
      body: { buyer: { name: 'Nguyễn Văn An' }, items: invoiceBody().items, reason: 'Sai người mua' },
    });
    expect((await node.request('PATCH', '/settings/templates', { body: { kyHieu: 'C26MBB' } })).status).toBe(200);
    await node.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 0 when every chain verifies, settings chains included', () => {
    const result = verify('--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    // Three invoices, the replacement, the templates settings document.
    expect(report).toMatchObject({ chains: 5 });
    expect(report.broken).toBeUndefined();
  });

  it('exits 1 naming the first broken entry after a row is edited in SQLite', () => {
    const sqlite = new Database(join(dataDir, DATABASE_FILE));
    try {
      sqlite
        .prepare(`UPDATE audit_entries SET details = json_set(details, '$.total', 1) WHERE invoice_id = ? AND seq = 1`)
        .run(ids[1]);
    } finally {
      sqlite.close();
    }
    const result = verify();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${ids[1]} mục 1`);
    // Another invoice's chain on its own still verifies.
    expect(verify('--invoice', ids[2] as string).status).toBe(0);
    expect(verify('--invoice', ids[1] as string).status).toBe(1);
  });
});
