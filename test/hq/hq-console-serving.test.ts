/**
 * HQ serves its console (dist/web-hq, built by the test run's global setup) at `/` and at every path of the
 * console's own, with the console's Content-Security-Policy, and never in place of an API answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestHq, type TestHq } from './hq-test-node.js';

let t: TestHq;

describe('the HQ console at /', () => {
  beforeEach(async () => {
    t = await startTestHq('sqlite');
  });
  afterEach(async () => t.close());

  it('answers the console’s page at / and at its screens’ paths, with its own security policy', async () => {
    for (const path of ['/', '/hoa-don', '/cua-hang/shop-1']) {
      const page = await t.request('GET', path, { token: null });
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<title>hoadon – Trụ sở</title>');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const script = /src="(\/assets\/[^"]+\.js)"/.exec((await t.request('GET', '/', { token: null })).body)?.[1];
    const asset = await t.request('GET', script as string, { token: null });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers an unknown API path with the console', async () => {
    for (const path of ['/hq/v1/nothing', '/sync/v1/nothing', '/sync/other']) {
      const answer = await t.request('GET', path, { token: null });
      expect(answer.status, path).toBe(404);
      expect(answer.json.error.code, path).toBe('NOT_FOUND');
    }
    expect((await t.request('GET', '/hq/v1/openapi.json', { token: null })).json.info.title).toBe(
      'hoadon headquarters',
    );
  });
});
