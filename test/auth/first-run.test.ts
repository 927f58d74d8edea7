import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_PASSWORD_FILE } from '../../src/auth/users.service.js';
import { loadNodeConfig } from '../../src/config.js';
import { openNode } from '../../src/node.js';

describe('first run', () => {
  it('creates admin with a random password written once to a 0600 file when none is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-first-'));
    const node = await openNode(loadNodeConfig({ dataDir }, {}));
    const file = join(dataDir, INITIAL_PASSWORD_FILE);
    expect(node.generatedPasswordFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    await expect(node.services.auth.login('admin', password, '127.0.0.1')).resolves.toMatchObject({
      user: { role: 'admin' },
    });
    await node.close();

    const again = await openNode(loadNodeConfig({ dataDir, adminPassword: 'ignored-on-second-run' }, {}));
    expect(again.generatedPasswordFile).toBeUndefined();
    expect(again.services.users.list()).toHaveLength(1);
    await expect(again.services.auth.login('admin', 'ignored-on-second-run', '127.0.0.2')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    await again.close();
  });

  it('refuses a short HOADON_ADMIN_PASSWORD with a readable message', () => {
    expect(() => loadNodeConfig({}, { HOADON_ADMIN_PASSWORD: 'short' })).toThrow(/HOADON_ADMIN_PASSWORD.*8/);
    expect(() => loadNodeConfig({}, { HOADON_PORT: 'eighty' })).toThrow(/HOADON_PORT/);
    expect(() => loadNodeConfig({}, { HOADON_TZ: 'Mars/Olympus' })).toThrow(/HOADON_TZ/);
  });
});
