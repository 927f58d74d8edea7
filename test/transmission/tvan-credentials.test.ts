/** The T-VAN credentials read from the node's configuration, and the login answers of several providers. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadNodeConfig } from '../../src/config.js';
import { DEFAULT_LOGIN_PATH, readLoginAnswer, tvanCredentials } from '../../src/transmission/tvan-credentials.js';

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
