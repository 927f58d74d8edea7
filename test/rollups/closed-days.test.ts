/** What the closed days' figures are kept for, and what drops them (src/rollups/closed-days.ts). */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { createClosedDays } from '../../src/rollups/closed-days.js';
import { nextRun } from '../support/next-run.js';

describe('closed days', () => {
  let dir: string;
  let sqlite: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hoadon-closed-days-'));
    sqlite = openDatabaseFile(join(dir, 'db.sqlite'));
    sqlite.exec('CREATE TABLE t (x)');
  });
  afterEach(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counting = () => {
    let computed = 0;
    return { compute: () => ++computed, count: () => computed };
  };

  it('computes a window once while none of its days changes', () => {
    const memo = createClosedDays(sqlite);
    const { compute, count } = counting();
    expect(memo.remember('skus:2026-01-01', '2026-03-31', compute)).toBe(1);
    memo.changed('2026-04-01');
    sqlite.exec('INSERT INTO t VALUES (1)');
    expect(memo.remember('skus:2026-01-01', '2026-03-31', compute)).toBe(1);
    expect(count()).toBe(1);
  });

  it('drops the windows that hold a changed day, and only those', () => {
    const memo = createClosedDays(sqlite);
    const { compute, count } = counting();
    memo.remember('skus:2026-01-01', '2026-03-31', compute);
    memo.remember('skus:2026-01-01', '2026-02-28', compute);
    memo.changed('2026-03-15');
    expect(memo.remember('skus:2026-01-01', '2026-02-28', compute)).toBe(2);
    expect(memo.remember('skus:2026-01-01', '2026-03-31', compute)).toBe(3);
    expect(count()).toBe(3);
  });

  it('drops everything when another connection commits', async () => {
    const memo = createClosedDays(sqlite);
    const { compute } = counting();
    memo.remember('channels:2026-01-01', '2026-03-31', compute);
    const other = new Database(join(dir, 'db.sqlite'));
    other.exec('INSERT INTO t VALUES (1)');
    other.close();
    await nextRun();
    expect(memo.remember('channels:2026-01-01', '2026-03-31', compute)).toBe(2);
    expect(memo.remember('channels:2026-01-01', '2026-03-31', compute)).toBe(2);
  });

  it('keeps a bounded number of windows, the least recently asked going first', () => {
    const memo = createClosedDays(sqlite);
    const { compute, count } = counting();
    memo.remember('first', '2026-03-31', compute);
    for (let i = 0; i < 100; i++) {
      memo.remember(`other:${i}`, '2026-03-31', compute);
      memo.remember('first', '2026-03-31', compute);
    }
    expect(count()).toBe(101);
    expect(memo.remember('other:0', '2026-03-31', compute)).toBe(102);
  });
});
