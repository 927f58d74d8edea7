import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_KEY_FILE } from '../../src/auth/tokens.js';
import { startHoadon } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';

describe('logs', () => {
  it('never carry passwords, tokens or keys, even at trace level', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-logs-'));
    const password = 'very-secret-admin-password';
    const node = await startHoadon(['serve'], {
      env: { HOADON_DATA_DIR: dataDir, HOADON_ADMIN_PASSWORD: password, HOADON_LOG_LEVEL: 'trace' },
    });
    const api = `${node.baseUrl}/api/v1`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'wrong-secret-guess' }),
    });
    await fetch(`${api}/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotency-key': 'k-1' },
      body: JSON.stringify(invoiceBody()),
    });
    await fetch(`${api}/invoices?buyerName=x`, { headers: { authorization: `Bearer ${token}` } });
    // A token's PIN, sent when the admin chooses a token (refused here: there is no such library).
    await fetch(`${api}/signing/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ module: '/no/such/pkcs11.so', token: 'shop', pin: 'token-pin-1234' }),
    });
    await node.stop();
    const output = node.output();
    expect(output).toContain('incoming request');
    const key = readFileSync(join(dataDir, JWT_KEY_FILE), 'utf8').trim();
    for (const secret of [password, 'wrong-secret-guess', 'token-pin-1234', token, token.split('.')[2]!, key])
      expect(output).not.toContain(secret);
  });
});
