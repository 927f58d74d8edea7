/**
 * The deny-list of signed-out tokens. The guard asks it on every request, so it answers from memory; the
 * table keeps it across restarts. A token is listed until its own expiry, after which the signature check
 * refuses it anyway and the row is purged.
 */
import { lt } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { revokedTokens } from './users.table.js';

export function createRevokedTokens(db: Db, clock: Clock) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const purge = () => db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, nowSeconds())).run();
  purge();
  const listed = new Map(
    db
      .select()
      .from(revokedTokens)
      .all()
      .map((row) => [row.jti, row.expiresAt]),
  );
  return {
    has: (jti: string): boolean => listed.has(jti),
    /** Inside the caller's transaction (the request's group commit). */
    revoke(jti: string, expiresAt: number): void {
      purge();
      const now = nowSeconds();
      for (const [known, expiry] of listed) if (expiry < now) listed.delete(known);
      db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing().run();
      listed.set(jti, expiresAt);
    },
  };
}

export type RevokedTokens = ReturnType<typeof createRevokedTokens>;
