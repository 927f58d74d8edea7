/** The database and its -wal and -shm files are readable by the node's user only (docs/security.md, F9). */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/open.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await node?.close();
  node = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;
const files = (dataDir: string) => ['', '-wal', '-shm'].map((suffix) => join(dataDir, `${DATABASE_FILE}${suffix}`));

describe('the database files', () => {
  it('are created 0600 whatever the umask', async () => {
    const previous = process.umask(0o022);
    try {
      node = await startTestNode();
      expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      for (const file of files(node.dataDir)) expect(modeOf(file), file).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('are made 0600 when an earlier version left them 0644', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-modes-'));
    dirs.push(dataDir);
    node = await startTestNode({ dataDir });
    await node.close();
    node = undefined;
    for (const file of files(dataDir)) {
      writeFileSync(file, '', { flag: 'a' });
      chmodSync(file, 0o644);
    }
    node = await startTestNode({ dataDir });
    for (const file of files(dataDir)) expect(modeOf(file), file).toBe(0o600);
  });
});
