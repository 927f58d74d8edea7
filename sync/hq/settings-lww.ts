/**
 * Last writer wins per (store, settings name), ordered by hybrid logical clock: the edit with the greater
 * hlc is the store's document, whoever made it (a cashier's admin at the store or HQ). The other one is not
 * dropped silently: it goes to settings_losers. The same hlc twice is the same edit arriving again.
 */
import { compareHlc } from '../hlc.js';
import type { HqStore, SettingsEntry } from './hq-store.js';

export type Settled = 'won' | 'lost' | 'same';

export async function settleSettings(store: HqStore, candidate: SettingsEntry): Promise<Settled> {
  const current = await store.findSettings(candidate.storeId, candidate.name);
  const order = current ? compareHlc(candidate.hlc, current.hlc) : 1;
  if (order === 0) return 'same';
  const [winner, loser] = order > 0 ? [candidate, current] : [current as SettingsEntry, candidate];
  if (loser) {
    await store.addSettingsLoser({
      storeId: loser.storeId,
      name: loser.name,
      document: loser.document,
      hlc: loser.hlc,
      origin: loser.origin,
      lostToHlc: winner.hlc,
      at: candidate.updatedAt,
    });
  }
  if (order > 0) await store.saveSettings(candidate);
  return order > 0 ? 'won' : 'lost';
}
