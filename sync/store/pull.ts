/**
 * Pull: HQ's feed after the stored cursor, page by page. A page's items and the new cursor commit in one
 * transaction, so an item is applied exactly once: a crash before the commit leaves the cursor where it was
 * and the page is fetched again; a page another process (`hoadon sync now` beside the node) applied
 * meanwhile is recognised by the moved cursor and dropped.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { MAX_PULL_ITEMS } from '../protocol.js';
import type { FeedApplier } from './apply.js';
import type { HqClient } from './hq-client.js';
import { SyncRefused } from './push.js';
import type { SyncStateRepository } from './state.repository.js';

export interface PullOutcome {
  applied: number;
  skipped: number;
  refused: string[];
  cursor: number;
}

export async function pullFeed(deps: {
  sqlite: Database.Database;
  client: HqClient;
  apply: FeedApplier;
  state: SyncStateRepository;
  clock: Clock;
}): Promise<PullOutcome> {
  const { sqlite, client, apply, state, clock } = deps;
  const outcome: PullOutcome = { applied: 0, skipped: 0, refused: [], cursor: state.get().pullCursor };
  for (;;) {
    const cursor = state.get().pullCursor;
    const answer = await client.pull(cursor, MAX_PULL_ITEMS);
    if (!answer.ok)
      throw new SyncRefused(
        `Trụ sở từ chối lấy dữ liệu từ con trỏ ${cursor}: ${answer.error.status} ${answer.error.code} ${answer.error.message}`.trim(),
      );
    const { items, nextCursor, hasMore } = answer.data;
    const appliedHere = inTransaction(sqlite, () => {
      if (state.get().pullCursor !== cursor) return false;
      for (const item of items) {
        const result = apply(item);
        if (result.outcome === 'applied') outcome.applied++;
        else if (result.outcome === 'skipped') outcome.skipped++;
        else outcome.refused.push(result.error ?? String(item.cursor));
      }
      const at = clock.now().toISOString();
      state.update({
        pullCursor: nextCursor,
        lastPullAt: at,
        ...(outcome.refused.length ? { lastError: outcome.refused.at(-1), lastErrorAt: at } : {}),
      });
      return true;
    });
    outcome.cursor = state.get().pullCursor;
    // A cursor that does not move would loop for ever: the next pass asks again.
    if (!appliedHere || !hasMore || nextCursor <= cursor) break;
  }
  return outcome;
}
