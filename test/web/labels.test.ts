/** Every audit action the node writes has its Vietnamese name in the console (never "Thao tác khác"). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { money, percent, quantity } from '../../web/src/base/format.js';
import { auditAction } from '../../web/src/base/labels.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

/** The action names written to the audit trail: `record(…, 'name', …)`, `action: 'name'`, `change(…, 'name', {`. */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const text of [...sources('src'), ...sources('sync')]) {
    for (const m of text.matchAll(/\brecord\(\s*\w+,\s*\w+,\s*'([a-z-]+)'/g)) found.add(m[1] as string);
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
    const unnamed = [...actions].filter((action) => auditAction(action) === 'Thao tác khác');
    expect(unnamed).toEqual([]);
    expect(auditAction('status:issued')).toBe('Chuyển trạng thái: Đã phát hành');
  });

  it('say which PDF was downloaded', () => {
    expect(auditAction('pdf-rendered', { format: 'a4' })).toBe('Tải bản PDF A4');
    expect(auditAction('pdf-rendered', { format: 'receipt' })).toBe('Tải hóa đơn 80 mm (PDF)');
    expect(auditAction('pdf-rendered')).toBe('Tải bản PDF');
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
