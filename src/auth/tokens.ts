/**
 * Access tokens: HS256 JWTs signed with a 256-bit key created at first run in the data dir (mode 0600).
 * Only HS256 is accepted, so `alg: none` and tokens of another algorithm or key fail verification.
 */

import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ROLES, type Role } from './roles.js';

const ALGORITHM = 'HS256';
export const JWT_KEY_FILE = 'jwt-signing.key';

export function loadOrCreateSigningKey(dataDir: string): Uint8Array {
  const path = join(dataDir, JWT_KEY_FILE);
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The user's token epoch when the token was issued (src/auth/users.table.ts). */
  epoch: number;
}

export interface VerifiedToken extends TokenClaims {
  jti: string;
  /** Unix seconds. */
  exp: number;
}

/** Verified tokens are remembered until they expire: verifying an HMAC on every request is wasted work. */
const MAX_REMEMBERED_TOKENS = 10_000;

export function createTokenService(secret: Uint8Array, ttlSeconds: number, now: () => Date) {
  const key = createSecretKey(secret);
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const verified = new Map<string, VerifiedToken>();
  return {
    ttlSeconds,
    async issue(claims: TokenClaims): Promise<string> {
      const iat = nowSeconds();
      return new SignJWT({ role: claims.role, ep: claims.epoch })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
    /** The claims of a token verified before and not expired; undefined when it must be verified. */
    remembered(token: string): VerifiedToken | undefined {
      const known = verified.get(token);
      return known && known.exp > nowSeconds() ? known : undefined;
    },
    /** The claims of a valid token, or undefined for anything else (expired, forged, malformed). */
    async verify(token: string): Promise<VerifiedToken | undefined> {
      const known = verified.get(token);
      if (known && known.exp > nowSeconds()) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now() });
        const role = payload.role as Role;
        const { sub, exp, jti } = payload;
        if (typeof sub !== 'string' || !ROLES.includes(role) || typeof exp !== 'number' || typeof jti !== 'string')
          return undefined;
        // Tokens issued before epochs existed carry none: epoch 0, every user's first.
        const epoch = typeof payload.ep === 'number' ? payload.ep : 0;
        const claims: VerifiedToken = { sub, role, epoch, jti, exp };
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
