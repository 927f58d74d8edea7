/**
 * What HQ does not take from a store's settings push (issue 26, item 7): the plan (HQ's to set), a document
 * the settings schemas refuse, and an edit stamped beyond the allowed clock skew. Each is kept as the store's
 * record and never applied, and the batch still goes through. An HQ edit that loses says so in its answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatHlc } from '../../sync/hlc.js';
import { MAX_OBSERVED_AHEAD_MS } from '../../sync/hq/hq-clock.js';
import { HQ_BACKENDS, record, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

const NOW = Date.parse('2026-03-15T03:00:00.000Z');
const templates = (kyHieu: string) => ({ mauSo: '1', kyHieu, templateName: 'Hóa đơn giá trị gia tăng' });
const storeHlc = (wallMs: number) => formatHlc({ wallMs, counter: 0, node: 'shop-1' });

describe.each(HQ_BACKENDS)('settings a store may not decide, on %s', (backend) => {
  let t: TestHq;
  let shop1: string;
  beforeEach(async () => ({ t, shop1 } = await startHqWithTwoStores(backend)));
  afterEach(async () => t.close());

  const pushSettings = (seq: number, name: string, document: unknown, hlc: string) =>
    t.push(shop1, 'shop-1', [record(seq, 'settings', `settings:${name}`, { name, document, hlc }, seq)]);
  const current = async () => (await t.request('GET', '/hq/v1/stores/shop-1/settings')).json.data.current;

  it('keeps a pushed plan as a record and never applies it', async () => {
    const plan = { planName: 'Không giới hạn', invoiceLimit: 0, storageLimitMb: 0, features: [] };
    const r = await pushSettings(1, 'plan', plan, storeHlc(NOW + 60_000));
    expect(r.status).toBe(200);
    expect(await current()).toEqual([]);
    expect(await t.count('records', "kind = 'settings'")).toBe(1);
  });

  it('keeps a document the settings schemas refuse as a record and never applies it', async () => {
    const r = await pushSettings(1, 'templates', { mauSo: 'x', kyHieu: 'nope', junk: 'a'.repeat(1000) }, storeHlc(NOW));
    expect(r.status).toBe(200);
    expect(await current()).toEqual([]);
    expect((await pushSettings(2, 'templates', templates('C26MAB'), storeHlc(NOW + 1))).status).toBe(200);
    expect(await current()).toMatchObject([{ name: 'templates', document: templates('C26MAB') }]);
  });

  it('does not let an edit stamped beyond the allowed skew win over later HQ edits', async () => {
    const year2099 = storeHlc(Date.parse('2099-01-01T00:00:00.000Z'));
    expect((await pushSettings(1, 'templates', templates('C26MAC'), year2099)).status).toBe(200);
    expect(await current()).toEqual([]);
    const justInside = storeHlc(NOW + MAX_OBSERVED_AHEAD_MS - 60_000);
    expect((await pushSettings(2, 'templates', templates('C26MAD'), justInside)).status).toBe(200);
    expect(await current()).toMatchObject([{ document: templates('C26MAD') }]);

    const edit = await t.request('PUT', '/hq/v1/stores/shop-1/settings', { body: { templates: templates('C26MAE') } });
    expect(edit.json.data.items).toMatchObject([{ name: 'templates', outcome: 'applied' }]);
    expect(await current()).toMatchObject([{ origin: 'hq', document: templates('C26MAE') }]);
  });

  it("says in the PUT answer when HQ's edit lost to a document stamped ahead of HQ's clock", async () => {
    // A document an older HQ took with a clock far ahead (before edits beyond the skew were refused).
    const ahead = storeHlc(Date.parse('2099-01-01T00:00:00.000Z'));
    await t.services.store.saveSettings({
      storeId: 'shop-1',
      name: 'templates',
      document: templates('C26MAF'),
      hlc: ahead,
      origin: 'store',
      updatedAt: '2026-03-15T03:00:00.000Z',
    });
    const edit = await t.request('PUT', '/hq/v1/stores/shop-1/settings', { body: { templates: templates('C26MAG') } });
    expect(edit.status).toBe(200);
    expect(edit.json.data.items).toMatchObject([{ name: 'templates', outcome: 'lost', keptHlc: ahead }]);
    expect(await current()).toMatchObject([{ document: templates('C26MAF'), hlc: ahead }]);
  });
});
