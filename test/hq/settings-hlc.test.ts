import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatHlc } from '../../sync/hlc.js';
import { HQ_BACKENDS, record, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

let t: TestHq;
let shop1: string;
let shop2: string;
let seq: number;

const templates = (kyHieu: string) => ({
  mauSo: '1',
  kyHieu,
  templateName: 'Hóa đơn giá trị gia tăng (máy tính tiền)',
});
const storeHlc = (iso: string, counter = 0) => formatHlc({ wallMs: Date.parse(iso), counter, node: 'shop-1' });

const pushSettings = (document: Record<string, unknown>, hlc: string) => {
  seq += 1;
  return t.push(shop1, 'shop-1', [
    record(seq, 'settings', 'settings:templates', { name: 'templates', document, hlc }, seq),
  ]);
};
const hqEdit = (document: Record<string, unknown>) =>
  t.request('PUT', '/hq/v1/stores/shop-1/settings', { body: { templates: document } });
const settingsOf = async () => (await t.request('GET', '/hq/v1/stores/shop-1/settings')).json.data;

describe.each(HQ_BACKENDS)('on %s', (backend) => {
  beforeEach(async () => {
    ({ t, shop1, shop2 } = await startHqWithTwoStores(backend));
    seq = 0;
  });
  afterEach(async () => t.close());

  describe('settings: last writer wins by hybrid logical clock', () => {
    it("replaces HQ's document with a store edit made later, and records HQ's as the loser", async () => {
      const sent = await hqEdit(templates('C26MAB'));
      expect(sent.status).toBe(200);
      const hqHlc = sent.json.data.items[0].hlc as string;
      expect(hqHlc).toMatch(/^\d{15}:\d{5}:hq$/);

      const later = storeHlc('2026-03-15T03:05:00.000Z');
      expect((await pushSettings(templates('C26MAC'), later)).status).toBe(200);
      const settings = await settingsOf();
      expect(settings.current).toEqual([
        {
          name: 'templates',
          document: templates('C26MAC'),
          hlc: later,
          origin: 'store',
          updatedAt: '2026-03-15T03:00:00.000Z',
        },
      ]);
      expect(settings.losers).toEqual([
        {
          name: 'templates',
          document: templates('C26MAB'),
          hlc: hqHlc,
          origin: 'hq',
          lostToHlc: later,
          at: '2026-03-15T03:00:00.000Z',
        },
      ]);
    });

    it("keeps HQ's document against an older store edit, and records the store's as the loser", async () => {
      const hqHlc = (await hqEdit(templates('C26MAB'))).json.data.items[0].hlc as string;
      const earlier = storeHlc('2026-03-15T02:59:00.000Z');
      expect((await pushSettings(templates('C26MAC'), earlier)).status).toBe(200);
      const settings = await settingsOf();
      expect(settings.current).toMatchObject([{ document: templates('C26MAB'), hlc: hqHlc, origin: 'hq' }]);
      expect(settings.losers).toMatchObject([
        { document: templates('C26MAC'), hlc: earlier, origin: 'store', lostToHlc: hqHlc },
      ]);
    });

    it("orders HQ's next edit after a store edit stamped by a clock running ahead", async () => {
      const ahead = storeHlc('2026-03-15T05:00:00.000Z', 7);
      await pushSettings(templates('C26MAC'), ahead);
      const hqHlc = (await hqEdit(templates('C26MAB'))).json.data.items[0].hlc as string;
      expect(hqHlc > ahead).toBe(true);
      expect((await settingsOf()).current).toMatchObject([{ document: templates('C26MAB'), origin: 'hq' }]);

      // The clock value survives a restart of HQ: it is kept in the database, not in memory.
      expect(await t.services.store.lastHlc()).toBe(hqHlc);
    });

    it('treats the same edit arriving twice (after the key expired) as one', async () => {
      const hlc = storeHlc('2026-03-15T03:05:00.000Z');
      await pushSettings(templates('C26MAC'), hlc);
      t.clock.advance(25 * 3600 * 1000);
      await pushSettings(templates('C26MAC'), hlc);
      const settings = await settingsOf();
      expect(settings.current).toHaveLength(1);
      expect(settings.losers).toEqual([]);
    });

    it('sends an HQ edit down the feed of that store only, one item per document', async () => {
      const sent = await t.request('PUT', '/hq/v1/stores/shop-1/settings', {
        body: {
          templates: templates('C26MAB'),
          automation: {
            autoIssueOnPaid: true,
            channels: ['POS'],
            delayMinutes: 5,
            notifyOnIssue: false,
            notifyOnError: true,
          },
        },
      });
      expect(sent.json.data.items.map((i: { name: string }) => i.name)).toEqual(['templates', 'automation']);
      const own = (await t.pull(shop1)).json.data.items;
      expect(own.map((i: { kind: string; payload: { name: string } }) => [i.kind, i.payload.name])).toEqual([
        ['settings', 'templates'],
        ['settings', 'automation'],
      ]);
      expect(own[0].payload).toEqual({
        name: 'templates',
        document: templates('C26MAB'),
        hlc: sent.json.data.items[0].hlc,
      });
      expect((await t.pull(shop2)).json.data.items).toEqual([]);
    });

    it("validates HQ's documents with the store's schemas, and refuses an unknown store", async () => {
      for (const body of [
        {},
        { templates: { ...templates('C26MAB'), kyHieu: 'bad' } },
        { config: {} },
        { plan: { planName: 'x' } },
      ]) {
        const r = await t.request('PUT', '/hq/v1/stores/shop-1/settings', { body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.json.error.code).toBe('VALIDATION_ERROR');
      }
      const unknown = await t.request('PUT', '/hq/v1/stores/nowhere/settings', {
        body: { templates: templates('C26MAB') },
      });
      expect(unknown.status).toBe(404);
      expect(await t.count('feed')).toBe(0);
    });
  });
});
