/** HQ's configuration: which database, the pool, the rotation grace, from flags over HOADON_HQ_* variables. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { loadHqConfig } from '../../sync/hq/hq-config.js';

describe('loadHqConfig', () => {
  it('stays on SQLite without a database URL, with a pool of 10 and a 24 h grace', () => {
    const config = loadHqConfig({}, {});
    expect(config.databaseUrl).toBeUndefined();
    expect(config).toMatchObject({ dbPoolSize: 10, rotationGraceHours: 24 });
  });

  it('takes PostgreSQL and the pool size from the environment, a flag winning over its variable', () => {
    const env = { HOADON_HQ_DATABASE_URL: 'postgres://hq@db/hq', HOADON_HQ_DB_POOL_SIZE: '25' };
    expect(loadHqConfig({}, env)).toMatchObject({ databaseUrl: 'postgres://hq@db/hq', dbPoolSize: 25 });
    expect(loadHqConfig({ databaseUrl: 'postgresql://other/hq', dbPoolSize: '4' }, env)).toMatchObject({
      databaseUrl: 'postgresql://other/hq',
      dbPoolSize: 4,
    });
  });

  it('refuses a URL that is not PostgreSQL and a pool of zero, naming the variable', () => {
    expect(() => loadHqConfig({}, { HOADON_HQ_DATABASE_URL: 'mysql://db/hq' })).toThrow(ConfigError);
    expect(() => loadHqConfig({}, { HOADON_HQ_DATABASE_URL: 'mysql://db/hq' })).toThrow(/HOADON_HQ_DATABASE_URL/);
    expect(() => loadHqConfig({}, { HOADON_HQ_DB_POOL_SIZE: '0' })).toThrow(/HOADON_HQ_DB_POOL_SIZE/);
  });
});
