import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  createMemoryGiveBack,
  fullCollection,
  GROWTH_WORTH_GIVING_BACK,
  QUIET_BEFORE_GIVING_BACK_MS,
  shouldGiveBack,
} from '../../src/memory-give-back.js';

const MB = 1024 * 1024;

describe('memory given back after load', () => {
  it('waits for a quiet API and a heap grown since the last time', () => {
    const grown = { heapBytes: 200 * MB, heapAfterLastGiveBack: 200 * MB - GROWTH_WORTH_GIVING_BACK };
    expect(shouldGiveBack({ ...grown, quietMs: QUIET_BEFORE_GIVING_BACK_MS })).toBe(true);
    expect(shouldGiveBack({ ...grown, quietMs: QUIET_BEFORE_GIVING_BACK_MS - 1 })).toBe(false);
    expect(shouldGiveBack({ quietMs: 60_000, heapBytes: 100 * MB, heapAfterLastGiveBack: 100 * MB - MB })).toBe(false);
  });

  it('collects once per quiet spell, then only after the heap has grown again', () => {
    let heap = 300 * MB;
    const done: string[] = [];
    const memory = createMemoryGiveBack({
      quietMs: () => QUIET_BEFORE_GIVING_BACK_MS,
      heapBytes: () => heap,
      collect: () => {
        done.push('collect');
        heap = 120 * MB;
      },
      shrinkDatabases: () => done.push('shrink'),
    });
    heap = 300 * MB + GROWTH_WORTH_GIVING_BACK;
    expect(memory.tick()).toBe(true);
    expect(memory.tick()).toBe(false);
    heap = 120 * MB + GROWTH_WORTH_GIVING_BACK;
    expect(memory.tick()).toBe(true);
    expect(done).toEqual(['collect', 'shrink', 'collect', 'shrink']);
  });

  it("reaches V8's full collection without a command-line flag, and it frees the garbage", () => {
    const collect = fullCollection();
    collect();
    const before = getHeapStatistics().used_heap_size;
    let garbage: number[][] | undefined = Array.from({ length: 200 }, () =>
      Array.from({ length: 10_000 }, (_, i) => i),
    );
    expect(getHeapStatistics().used_heap_size - before).toBeGreaterThan(10 * MB);
    expect(garbage.length).toBe(200);
    garbage = undefined;
    collect();
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(2 * MB);
  });
});
