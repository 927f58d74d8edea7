import { describe, expect, it } from 'vitest';
import { startTestNode } from '../support/test-node.js';

describe('HTTP hardening', () => {
  it('sends security headers and keeps CORS closed by default', async () => {
    const node = await startTestNode();
    try {
      const r = await node.request('GET', '/health', { headers: { origin: 'http://evil.example' } });
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toContain("default-src 'none'");
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await node.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/invoices',
        headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await node.close();
    }
  });

  it('allows the configured browser POS origin', async () => {
    const node = await startTestNode({ config: { corsOrigins: ['http://pos.local:3000'] } });
    try {
      const r = await node.request('GET', '/invoices', { headers: { origin: 'http://pos.local:3000' } });
      expect(r.headers['access-control-allow-origin']).toBe('http://pos.local:3000');
      expect(r.headers['access-control-expose-headers']).toContain('idempotent-replayed');
    } finally {
      await node.close();
    }
  });

  it('limits requests per user and per address with 429 RATE_LIMITED', async () => {
    const node = await startTestNode({ config: { rateLimitPerMinute: 5 } });
    try {
      // Login at start used one request of the address; the admin user has its own budget.
      for (let i = 0; i < 5; i += 1) expect((await node.request('GET', '/invoices')).status).toBe(200);
      const limited = await node.request('GET', '/invoices');
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const cashier = await node.tokenFor('cashier');
      expect((await node.request('GET', '/invoices', { token: cashier })).status).toBe(200);
    } finally {
      await node.close();
    }
  });
});
