/**
 * The T-VAN credentials read from the node's configuration, the login answers of several providers, and
 * the HTTP adapter logging in against a small T-VAN on loopback (fake-tvan.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadNodeConfig } from '../../src/config.js';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { DEFAULT_LOGIN_PATH, readLoginAnswer, tvanCredentials } from '../../src/transmission/tvan-credentials.js';
import { createTvanHttpTransport, TvanAuthenticationFailed } from '../../src/transmission/tvan-http-transport.js';
import { startFakeTvan } from './fake-tvan.js';

describe('T-VAN credentials', () => {
  it('come from HOADON_TVAN_*: a token first, else a user name and password, else none', () => {
    const env = (vars: Record<string, string>) => tvanCredentials(loadNodeConfig({}, vars));
    expect(env({})).toEqual({ kind: 'none' });
    expect(env({ HOADON_TVAN_TOKEN: 'abc' })).toEqual({ kind: 'token', token: 'abc' });
    expect(env({ HOADON_TVAN_USERNAME: 'cuahang', HOADON_TVAN_PASSWORD: 'mk' })).toEqual({
      kind: 'login',
      username: 'cuahang',
      password: 'mk',
      loginPath: DEFAULT_LOGIN_PATH,
    });
    expect(
      env({ HOADON_TVAN_USERNAME: 'cuahang', HOADON_TVAN_PASSWORD: 'mk', HOADON_TVAN_LOGIN_PATH: '/api/v2/login' }),
    ).toMatchObject({ loginPath: '/api/v2/login' });
  });

  it('refuse a user name without a password, a login path that is not a path, and a bad provider MST', () => {
    expect(() => loadNodeConfig({}, { HOADON_TVAN_USERNAME: 'cuahang' })).toThrow(ConfigError);
    expect(() => loadNodeConfig({}, { HOADON_TVAN_LOGIN_PATH: 'login' })).toThrow(/HOADON_TVAN_LOGIN_PATH/);
    expect(() => loadNodeConfig({}, { HOADON_PROVIDER_MST: '12345' })).toThrow(/HOADON_PROVIDER_MST/);
    expect(loadNodeConfig({}, { HOADON_PROVIDER_MST: '0100109106-001' }).providerMst).toBe('0100109106-001');
  });

  it('read the token of a login answer wherever the provider puts it', () => {
    expect(readLoginAnswer({ code: '00', data: { accessToken: 't1', expiresIn: 3600 } })).toEqual({
      token: 't1',
      expiresInSeconds: 3600,
    });
    expect(readLoginAnswer({ access_token: 't2', expires_in: '60' })).toEqual({ token: 't2', expiresInSeconds: 60 });
    expect(readLoginAnswer({ token: 't3' })).toEqual({ token: 't3' });
    expect(readLoginAnswer({ code: '99', message: 'Sai mật khẩu' })).toBeUndefined();
    expect(readLoginAnswer('not json')).toBeUndefined();
  });
});

describe('the HTTP adapter with a user name and password', () => {
  it('logs in again before the token’s lifetime runs out, and tells once that a password is refused', async () => {
    const tvan = await startFakeTvan({
      username: 'cuahang',
      password: 'mk',
      authority: {
        signingTime: '2026-03-16T09:12:45',
        identity: createDemoCertificate({ name: 'CQT', mst: '' }, new Date()),
      },
    });
    let now = 0;
    const told: Array<string | undefined> = [];
    const login = (password: string) =>
      createTvanHttpTransport({
        url: tvan.url,
        credentials: { kind: 'login', username: 'cuahang', password, loginPath: '/auth/login' },
        now: () => now,
        onAuthentication: (problem) => told.push(problem),
      });
    const good = login('mk');
    const bad = login('sai');
    try {
      const unknown = newMessageId('0100109106');
      expect(await good.replies(unknown)).toEqual([]);
      now += 3_530_000; // the token lives 3600 s; renewed a minute before
      await good.replies(unknown);
      expect(tvan.state.logins).toBe(1);
      now += 20_000;
      await good.replies(unknown);
      expect(tvan.state.logins).toBe(2);
      expect(told).toEqual([]);

      await expect(bad.replies(unknown)).rejects.toBeInstanceOf(TvanAuthenticationFailed);
      await expect(bad.replies(unknown)).rejects.toThrow(/T-VAN từ chối xác thực \(đăng nhập: HTTP 401\)/);
      expect(bad.problem()).toMatch(/HOADON_TVAN_/);
      expect(told).toHaveLength(1);
    } finally {
      await good.close();
      await bad.close();
      await tvan.close();
    }
  });
});
