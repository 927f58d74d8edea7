import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForeground } from '../../src/foreground.js';

describe('foreground: background work yields to the till', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return () => done;
  };

  it('is quiet until a request comes, and again 100 ms after the last one', () => {
    const foreground = createForeground(() => now);
    expect(foreground.busy()).toBe(false);
    foreground.touch();
    now += 99;
    expect(foreground.busy()).toBe(true);
    now += 1;
    expect(foreground.busy()).toBe(false);
  });

  it('lets background work go on at the next turn of the loop when nobody is served', async () => {
    const foreground = createForeground(() => now);
    const done = await settled(foreground.yieldAfter(50));
    expect(done()).toBe(true);
  });

  it('while requests are served, pauses nine times what the background held the loop for', async () => {
    const foreground = createForeground(() => now);
    foreground.touch();
    const done = await settled(foreground.yieldAfter(20));
    await vi.advanceTimersByTimeAsync(179);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });
});
