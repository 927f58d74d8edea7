/** What every fuzzed answer must satisfy, whichever server answered it. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Never a 500; the envelope with `success` matching the status and an error code on a refusal; a refusal
 * changed nothing in the database (`changes`: its total_changes() after minus before); no prototype polluted
 * (no `polluted` key read through one, no enumerable key added to Object.prototype).
 */
export function expectHarmless(r: LightMyRequestResponse, changes: number, where: string): void {
  expect(r.statusCode, where).toBeLessThan(500);
  if (r.headers['content-type']?.toString().includes('json')) {
    const json = r.json();
    expect(json.success, where).toBe(r.statusCode < 400);
    if (r.statusCode >= 400) expect(typeof json.error?.code, where).toBe('string');
  }
  if (r.statusCode >= 400) expect(changes, where).toBe(0);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype), where).toEqual([]);
}
