/**
 * The console's browser tests: a real store node (fresh data dir, real SQLite, the same app as `hoadon
 * serve`) listening on loopback, and Debian's Chromium driven by playwright-core, headless, with a fresh
 * profile. One browser per test file; each test opens its own pages (a page is a tab: its own session).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Role } from '../../src/auth/roles.js';
import { ADMIN_PASSWORD, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(viewport = { width: 1366, height: 768 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'hoadon-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport,
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

export interface ConsoleNode {
  node: TestNode;
  baseUrl: string;
  port: number;
  /** Stops the node and starts it again on the same data dir and port (the till's reconnect). */
  restart(between?: () => Promise<void>): Promise<void>;
  /** The test user of that role (`test-<role>`), created once for the data dir. */
  ensureUser(role: Role): Promise<void>;
  close(): Promise<void>;
}

const PASSWORDS: Record<Role, string> = {
  admin: ADMIN_PASSWORD,
  cashier: 'test-cashier-password',
  accountant: 'test-accountant-password',
};

export const PRODUCTS = [
  { sku: '8934563138165', name: 'Cà phê sữa đá', unit: 'ly', unitPrice: 25_000, taxRate: 0.08 },
  { sku: 'BM-01', name: 'Bánh mì thịt', unit: 'ổ', unitPrice: 20_000, taxRate: 0.08 },
  { sku: 'NUOC-1', name: 'Nước suối', unit: 'chai', unitPrice: 10_000, taxRate: 0.1 },
];

async function started(dataDir?: string, port = 0) {
  const node = await startTestNode(dataDir ? { dataDir } : {});
  await reducedRateOnEveryDate(node);
  for (const product of PRODUCTS) node.node.services.products.upsertFromHeadquarters(product);
  await node.app.listen({ host: '127.0.0.1', port });
  const address = node.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the node did not listen on TCP');
  return { node, port: address.port };
}

export async function startConsoleNode(): Promise<ConsoleNode> {
  let { node, port } = await started();
  const dataDir = node.dataDir;
  const users = new Set<Role>(['admin']);
  const consoleNode: ConsoleNode = {
    node,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async restart(between) {
      await node.app.close();
      await node.node.close();
      await between?.();
      ({ node } = await started(dataDir, port));
      consoleNode.node = node;
    },
    async ensureUser(role) {
      if (users.has(role)) return;
      await node.node.services.users.add(`test-${role}`, role, PASSWORDS[role]);
      users.add(role);
    },
    async close() {
      await node.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return consoleNode;
}

/** A new tab signed in as that role (the test node's own users), on `path`. */
export async function signedIn(browser: Browser, target: ConsoleNode, role: Role, path = '/'): Promise<Page> {
  await target.ensureUser(role);
  const page = await browser.context.newPage();
  await page.goto(`${target.baseUrl}${path}`);
  await page.getByLabel('Tên đăng nhập').fill(role === 'admin' ? 'admin' : `test-${role}`);
  await page.getByLabel('Mật khẩu').fill(PASSWORDS[role]);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await page.getByRole('navigation', { name: 'Chức năng' }).waitFor();
  return page;
}

/** expect.poll with room for a loaded machine (its default gives up after one second). */
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `${screen}: ${bad.join('\n')}`).toEqual([]);
}

/**
 * A test file's node and browser: started before its tests (then `seed`, if given), stopped after them. The
 * fields are set once beforeAll has run.
 */
export function consoleUnderTest(seed?: (target: ConsoleNode) => Promise<void>): {
  browser: Browser;
  target: ConsoleNode;
} {
  const state = {} as { browser: Browser; target: ConsoleNode };
  // A browser test waits on Chromium, which the whole suite's load slows down: room, not a speed assertion.
  vi.setConfig({ testTimeout: 120_000 });
  beforeAll(async () => {
    state.target = await startConsoleNode();
    state.browser = await launchBrowser();
    await seed?.(state.target);
  }, 120_000);
  afterAll(async () => {
    await state.browser?.close();
    await state.target?.close();
  });
  return state;
}
