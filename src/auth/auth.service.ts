import { AppError, rateLimited } from '../errors.js';
import type { IssuingRate } from './issuing-rate.js';
import type { LoginThrottle } from './login-throttle.js';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords.js';
import type { RevokedTokens } from './revoked-tokens.js';
import type { AuthenticatedUser } from './roles.js';
import type { TokenService, VerifiedToken } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Tên đăng nhập hoặc mật khẩu không đúng.');

/** The presented token of an authenticated request, for signing it out. */
export interface PresentedToken {
  jti: string;
  exp: number;
}

/** An authenticated request's user and token. */
export interface Authenticated {
  user: AuthenticatedUser;
  token: PresentedToken;
}

export function createAuthService(deps: {
  users: UsersRepository;
  tokens: TokenService;
  throttle: LoginThrottle;
  revoked: RevokedTokens;
  issuing: IssuingRate;
}) {
  const { users, tokens, throttle, revoked, issuing } = deps;
  /** Who a verified token speaks for, unless it was signed out or its user disabled or signed out everywhere. */
  const admitted = (claims: VerifiedToken | undefined): Authenticated | undefined => {
    if (!claims || revoked.has(claims.jti)) return undefined;
    const user = users.findById(claims.sub);
    if (!user || user.disabled || user.tokenEpoch !== claims.epoch) return undefined;
    return {
      user: { id: user.id, username: user.username, role: user.role },
      token: { jti: claims.jti, exp: claims.exp },
    };
  };
  return {
    async login(username: string, password: string, address: string) {
      const reservation = throttle.reserve(username, address);
      if (!reservation.ok) throw rateLimited(reservation.retryAfterSeconds);
      const user = users.findByUsername(username);
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!user || !passwordOk || user.disabled) throw invalidCredentials();
      reservation.attempt.succeeded();
      const accessToken = await tokens.issue({ sub: user.id, role: user.role, epoch: user.tokenEpoch });
      return {
        accessToken,
        tokenType: 'Bearer' as const,
        expiresIn: tokens.ttlSeconds,
        user: { id: user.id, username: user.username, role: user.role },
      };
    },

    /**
     * The user behind a bearer token: the token valid and not signed out, the user existing, enabled, and
     * neither disabled nor given a new password since the token was issued (same token epoch).
     */
    async authenticate(token: string): Promise<Authenticated | undefined> {
      return admitted(await tokens.verify(token));
    },

    /**
     * `authenticate` without waiting, for a token verified before (the request's hook then needs no promise);
     * undefined when the token must be verified first.
     */
    authenticateRemembered(token: string): { authenticated: Authenticated | undefined } | undefined {
      const claims = tokens.remembered(token);
      return claims && { authenticated: admitted(claims) };
    },

    /** Counts an invoice the user is about to issue; 429 past the user's issuing rate. */
    countIssue: (user: AuthenticatedUser): void => issuing.take(user),

    /** Signs the token out until it expires; inside the request's transaction. */
    signOut(token: PresentedToken): { signedOut: true } {
      revoked.revoke(token.jti, token.exp);
      return { signedOut: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
