/**
 * What every screen must hold at every size a shop uses: no horizontal scroll, touch targets of 44 px, and
 * not one English word or raw value (an API code, a state, a validation message of the libraries).
 */

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A phone, a tablet upright and on its side, a PC. */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
] as const;

async function overflow(page: Page): Promise<string[]> {
  const { scrollWidth, viewWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewWidth: window.innerWidth,
  }));
  return scrollWidth > viewWidth ? [`the page is ${scrollWidth} px wide in ${viewWidth} px`] : [];
}

/** Buttons, fields, selects and navigation links shown on the page that are less than 44 px high. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, input:not([type="checkbox"]), select, nav a, summary, a.button')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.height < 43.5;
      })
      .map(
        (e) =>
          `under 44 px: ${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || e.id).trim()}"`,
      ),
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * English words and raw values the console must never show. Words are matched whole, case-insensitively, in
 * the visible text and in the names read aloud (aria-label, title, placeholder).
 */
export const ENGLISH = [
  'the',
  'and',
  'of',
  'or',
  'is',
  'not',
  'error',
  'failed',
  'invalid',
  'expected',
  'required',
  'issued',
  'pending',
  'queued',
  'sent',
  'accepted',
  'rejected',
  'created',
  'updated',
  'replaced',
  'adjusted',
  'configured',
  'connected',
  'disconnected',
  'idle',
  'syncing',
  'ok',
  'true',
  'false',
  'null',
  'undefined',
  'nan',
  'object',
  'number',
  'string',
  'settings',
  'invoice',
  'transmission',
  'attention',
  'cashier',
  'accountant',
  'admin',
  'demo',
  'imported',
  'active',
  'disabled',
  'save',
  'cancel',
  'submit',
  'search',
  'total',
  'none',
];

/** Tokens of code: kebab-case (`not-configured`, `transmission-accepted`) and upper snake (`ALREADY_INVOICED`). */
const RAW = /\b[a-z]+(?:-[a-z]+)+\b|\b[A-Z]+(?:_[A-Z]+)+\b/g;

/** `data`: what the test itself typed and the screen names in a label (a user name in "Vai trò của admin"). */
export async function untranslated(page: Page, data: readonly string[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const named = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((e) =>
      ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''),
    );
    const options = [...document.querySelectorAll('option')].map((o) => o.textContent ?? '');
    // What the people of the shop typed (user names, product names, codes) is marked translate="no".
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const data of body.querySelectorAll('[translate="no"], script, style')) data.remove();
    for (const block of body.querySelectorAll('p, li, td, th, dt, dd, div, h1, h2, label, option, button, a'))
      block.append(' ');
    return [body.textContent ?? '', ...named, ...options];
  });
  const found = new Set<string>();
  const english = new RegExp(`(?<![\\p{L}\\d@./_-])(${ENGLISH.join('|')})(?![\\p{L}\\d@._-])`, 'giu');
  for (const text of texts) {
    // The product's name, and links to files, are not words of a language.
    let cleaned = text.replace(/\bhoadon\b/g, '').replace(/https?:\/\/\S+/g, '');
    for (const word of data) cleaned = cleaned.replaceAll(word, '');
    for (const m of cleaned.matchAll(english)) found.add(m[0]);
    for (const m of cleaned.matchAll(RAW)) found.add(m[0]);
  }
  return [...found].sort();
}

/** Everything wrong with one screen at one size, each named: overflow, small targets, English, axe. */
export async function screenProblems(page: Page, screen: string, data: readonly string[] = []): Promise<string[]> {
  const english = (await untranslated(page, data)).map((word) => `untranslated: ${word}`);
  const all = [...(await overflow(page)), ...(await smallTargets(page)), ...english, ...(await axeViolations(page))];
  return all.map((problem) => `${screen}: ${problem}`);
}

/** The horizontal scroll of the page alone (the issue button's screens check the rest with screenProblems). */
export async function expectNoHorizontalScroll(page: Page, screen: string): Promise<void> {
  expect(await overflow(page), screen).toEqual([]);
}
