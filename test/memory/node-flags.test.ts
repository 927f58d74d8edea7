import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import NODE_FLAGS from '../../scripts/node-flags.json' with { type: 'json' };

// The executable takes them from its SEA configuration (test/binary checks process.execArgv there).
describe('the V8 flags the node runs with', () => {
  it('are on every way of starting it from a checkout: npm start and the hoadon command', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    const shebang = readFileSync('bin/hoadon.js', 'utf8').split('\n')[0];
    expect(NODE_FLAGS.length).toBeGreaterThan(0);
    for (const flag of NODE_FLAGS) {
      expect(start).toContain(`node ${NODE_FLAGS.join(' ')} dist/hoadon.mjs serve`);
      expect(shebang).toBe(`#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}`);
      expect(flag).toMatch(/^--[a-z-]+=\d+$/);
    }
  });
});
