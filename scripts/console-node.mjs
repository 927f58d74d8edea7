// A built node (dist/hoadon.mjs, `npm run build` first) on a throwaway data dir and port, and Debian's Chromium
// with a fresh profile: what the console's screenshots and benchmark drive.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const ADMIN_PASSWORD = 'console-scripts-only';

export async function startBuiltNode() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-console-'));
  const child = spawn(process.execPath, ['dist/hoadon.mjs', 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, HOADON_ADMIN_PASSWORD: ADMIN_PASSWORD, HOADON_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found.replace(/\/$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`hoadon serve exited (${code})`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to the node's API; POSTs carry a fresh idempotency key. */
export async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' ? { 'x-idempotency-key': crypto.randomUUID() } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'hoadon-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
