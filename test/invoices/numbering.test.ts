import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../support/answer.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode } from '../support/test-node.js';

describe('invoice numbering', () => {
  it('stays gapless and unique under 200 concurrent creates over HTTP', async () => {
    const node = await startTestNode();
    try {
      await node.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = node.app.server.address() as AddressInfo;
      const create = (i: number) =>
        fetch(`http://127.0.0.1:${port}/api/v1/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${node.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(invoiceBody({ buyer: { name: `Khách ${i}` } })),
        }).then(async (r) => ({ status: r.status, json: (await r.json()) as Answer }));
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => create(i)));
      expect(answers.every((a) => a.status === 201)).toBe(true);
      const numbers = answers.map((a) => a.json.data.number as number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      const stored = node.node.database.sqlite
        .prepare(
          'SELECT count(*) AS n, count(DISTINCT number) AS d, min(number) AS lo, max(number) AS hi FROM invoices',
        )
        .get();
      expect(stored).toEqual({ n: 200, d: 200, lo: 1, hi: 200 });
    } finally {
      await node.close();
    }
  });

  it('starts a new symbol at number 1 in a new store-local year', async () => {
    const clock = testClock('2026-12-31T16:59:00.000Z');
    const node = await startTestNode({ clock });
    try {
      const last2026 = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(last2026.json.data).toMatchObject({ kyHieu: 'K26MDT', number: 1, issueDate: '2026-12-31' });
      clock.set('2026-12-31T17:00:00.000Z');
      node.token = await node.login('admin', ADMIN_PASSWORD);
      const first2027 = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(first2027.json.data).toMatchObject({ kyHieu: 'K27MDT', number: 1, issueDate: '2027-01-01' });
    } finally {
      await node.close();
    }
  });

  it('uses no number when the invoice is refused', async () => {
    const node = await startTestNode();
    try {
      await node.request('POST', '/invoices', { body: invoiceBody() });
      const bad = await node.request('POST', '/invoices', {
        body: invoiceBody({ buyer: { name: 'X', mst: '12345' } }),
      });
      expect(bad.status).toBe(400);
      const next = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(next.json.data.number).toBe(2);
    } finally {
      await node.close();
    }
  });
});
