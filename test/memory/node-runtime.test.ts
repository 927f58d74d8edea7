import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import NODE_RUNTIME from '../../scripts/node-runtime.json' with { type: 'json' };

// The executable takes the flags from its SEA configuration (test/binary checks its process.execArgv).
describe('the runtime settings the node runs with (scripts/node-runtime.json)', () => {
  const env = Object.entries(NODE_RUNTIME.env).map(([name, value]) => `${name}=${value}`);
  const command = `${env.join(' ')} node ${NODE_RUNTIME.flags.join(' ')}`;

  it('are on every way of starting it from a checkout: npm start and the hoadon command', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`${command} dist/hoadon.mjs serve`);
    expect(readFileSync('bin/hoadon.js', 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S ${command}`);
  });

  it("are in the executable's service unit, whose environment its process starts with", () => {
    const unit = readFileSync('docs/hoadon.service', 'utf8').split('\n');
    for (const each of env) expect(unit).toContain(`Environment=${each}`);
  });
});
