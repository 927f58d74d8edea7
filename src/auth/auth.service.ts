import { AppError, rateLimited } from '../errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords.js';
import type { AuthenticatedUser } from './roles.js';
import type { TokenService } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Tên đăng nhập hoặc mật khẩu không đúng.');

export function createAuthService(deps: { users: UsersRepository; tokens: TokenService; throttle: LoginThrottle }) {
  const { users, tokens, throttle } = deps;
  return {
    async login(username: string, password: string, address: string) {
      const wait = throttle.blockedFor(username, address);
      if (wait !== undefined) throw rateLimited(wait);
      const user = users.findByUsername(username);
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!user || !passwordOk || user.disabled) {
        throttle.recordFailure(username, address);
        throw invalidCredentials();
      }
      throttle.recordSuccess(username);
      const accessToken = await tokens.issue({ sub: user.id, role: user.role });
      return {
        accessToken,
        tokenType: 'Bearer' as const,
        expiresIn: tokens.ttlSeconds,
        user: { id: user.id, username: user.username, role: user.role },
      };
    },

    /** The user behind a bearer token, if the token is valid and the user still exists and is enabled. */
    async authenticate(token: string): Promise<AuthenticatedUser | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const user = users.findById(claims.sub);
      if (!user || user.disabled) return undefined;
      return { id: user.id, username: user.username, role: user.role };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
