/**
 * The console's files as the node serves them (src/http/console.ts), from the build global-setup makes
 * (dist/web): index.html for the console's own paths, never for /api/*, hashed assets cached for a year.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

const get = (url: string) => node.app.inject({ method: 'GET', url });

describe('the console at /', () => {
  it('answers index.html at / and at any console path, uncached, under the console’s own policy', async () => {
    for (const url of ['/', '/invoices/abc?status=issued', '/settings']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain('<div id="app"></div>');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('serves hashed assets for a year, and 404s a missing file, a path out of the folder and any /api path', async () => {
    const script = readdirSync('dist/web/assets').find((f) => f.endsWith('.js'));
    const asset = await get(`/assets/${script}`);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/assets/missing-0000.js',
      '/assets/..%2F..%2Fpackage.json',
      '/api/v1/no-such-route',
      '/api/x',
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json().error.code).toBe('NOT_FOUND');
    }
  });
});
