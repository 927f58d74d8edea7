/**
 * POST /signing/token loads only the PKCS#11 libraries of the allow-list (docs/security.md, F4): a library's
 * constructor runs as the node's user the moment it is loaded, so a path from the API outside the list is
 * refused before anything is loaded, and the loader's own words never reach the answer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOFTHSM_MODULE } from '../support/softhsm.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
let dir: string;
let library: string;
let marker: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hoadon-pkcs11-probe-'));
  marker = join(dir, 'constructor-ran');
  library = join(dir, 'libprobe.so');
  writeFileSync(
    join(dir, 'probe.c'),
    `#include <stdio.h>
__attribute__((constructor)) static void ran(void) { FILE *f = fopen("${marker}", "w"); if (f) fclose(f); }
int C_GetFunctionList(void *list) { return 5; }
`,
  );
  execFileSync('gcc', ['-shared', '-fPIC', '-o', library, join(dir, 'probe.c')]);
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

const useToken = (module: string) =>
  node.request('POST', '/signing/token', { body: { module, token: 'nhan', pin: '1234' } });

describe('the PKCS#11 libraries the API loads', () => {
  it('refuses a library outside the allow-list and never runs its constructor', async () => {
    const r = await useToken(library);
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.details[0]).toMatchObject({ path: 'body.module' });
    expect(r.json.error.message).toContain('không nằm trong danh sách được phép');
    expect(existsSync(marker)).toBe(false);
    expect((await node.request('GET', '/signing/certificate')).json.data.source).toBe('demo');
  });

  it('refuses it as well where the console lists a library’s tokens, before loading it', async () => {
    const r = await node.request('GET', `/signing/token/tokens?module=${encodeURIComponent(library)}`);
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.details[0]).toMatchObject({ path: 'query.module' });
    expect(existsSync(marker)).toBe(false);
  });

  it('answers any other file the same way, so that the answer says nothing of what is on disk', async () => {
    for (const path of [
      '/etc/shadow',
      '/etc/hostname',
      '/nonexistent/lib.so',
      `${dir}/../${dir.split('/').pop()}/libprobe.so`,
    ]) {
      const r = await useToken(path);
      expect(r.status, path).toBe(400);
      expect(r.body).not.toMatch(/ELF|No such file|cannot open|invalid/i);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('answers a listed library that cannot be loaded in Vietnamese, without the loader’s text', async () => {
    const previous = process.env.HOADON_PKCS11_MODULES;
    process.env.HOADON_PKCS11_MODULES = [SOFTHSM_MODULE, '/etc/hostname'].join(delimiter);
    try {
      const r = await useToken('/etc/hostname');
      expect(r.status, r.body).toBeGreaterThanOrEqual(400);
      expect(r.json.error.message).toContain('không phải thư viện PKCS#11');
      expect(r.body).not.toMatch(/ELF|header|too short|No such file/i);
    } finally {
      process.env.HOADON_PKCS11_MODULES = previous;
    }
  });

  it('lists for an admin the allowed libraries installed here, and for no one else', async () => {
    const r = await node.request('GET', '/signing/token/modules');
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toContainEqual({ path: SOFTHSM_MODULE, name: 'libsofthsm2.so' });
    expect(r.json.data.map((m: { path: string }) => m.path)).not.toContain(library);
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('GET', '/signing/token/modules', { token: cashier })).status).toBe(403);
  });
});
