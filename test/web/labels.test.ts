/**
 * Every audit action the node writes has its Vietnamese name in the console (never "Thao tác khác"), read
 * from web/src/base/labels.ts as text (the console's modules resolve imports the bundler's way, which the
 * node's type check does not); figures in the Vietnamese format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { money, percent, quantity } from '../../web/src/base/format.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

/** The action names written to the audit trail: `record(…, 'name', …)`, `action: 'name'`, `change(…, 'name', {`. */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const text of [...sources('src'), ...sources('sync')]) {
    for (const m of text.matchAll(/\brecord\(\s*[^,()]+,\s*\w+,\s*'([a-z-]+)'/g)) found.add(m[1] as string);
    for (const m of text.matchAll(/\baction: '([a-z-]+)'/g)) found.add(m[1] as string);
    for (const m of text.matchAll(/\.change\([^;]*?, '([a-z-]+)', \{/g)) found.add(m[1] as string);
  }
  return found;
}

describe('audit action names', () => {
  it('name every action the node writes in Vietnamese', () => {
    const actions = writtenActions();
    for (const known of ['created', 'replaced', 'adjusted', 'pdf-rendered', 'xml-rendered', 'transmission-resent'])
      expect(actions).toContain(known);
    // xml-crypto's signature `location: { action: 'append' }` is not an audit action.
    actions.delete('append');
    const labels = readFileSync('web/src/base/labels.ts', 'utf8');
    const table = labels.slice(
      labels.indexOf('const AUDIT_ACTIONS'),
      labels.indexOf('};', labels.indexOf('const AUDIT_ACTIONS')),
    );
    const named = new Set([...table.matchAll(/^\s+'?([a-z-]+)'?: '[^']+',$/gm)].map((m) => m[1]));
    expect([...actions].filter((action) => !named.has(action))).toEqual([]);
    // The PDF's entry says which format was downloaded.
    expect(labels).toContain("a4: 'Tải bản PDF A4'");
  });
});

describe('figures', () => {
  it('are in the Vietnamese format, a negative one with the one-character minus', () => {
    expect(quantity(0.77)).toBe('0,77');
    expect(quantity(1250.5)).toBe('1.250,5');
    expect(money(-10_000)).toBe('\u221210.000\u00a0₫');
    expect(money(25_000)).toBe('25.000\u00a0₫');
    expect(quantity(-1.5)).toBe('\u22121,5');
    expect(percent(0.08)).toBe('8\u00a0%');
  });
});
