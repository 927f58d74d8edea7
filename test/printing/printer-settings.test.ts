import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { type FakePrinter, startFakePrinter } from '../support/fake-printer.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const KICK = Buffer.from([0x1b, 0x70, 0x00, 25, 250]);
const RESET = Buffer.from([0x1b, 0x40]);

let node: TestNode;
let fake: FakePrinter;

const valid = () => ({
  id: 'quay-1',
  name: 'Quầy 1',
  connection: 'tcp',
  address: fake.address,
  paperWidthMm: 80,
  openDrawerOnCash: true,
});

beforeAll(async () => {
  node = await startTestNode({ clock: testClock('2026-03-15T03:00:00.000Z') });
  fake = await startFakePrinter('ready');
});
afterAll(async () => {
  await fake.close();
  await node.close();
});

describe('PUT /settings/printers', () => {
  it('keeps the list, lists it to a cashier and records the change in the settings trail', async () => {
    const usb = { ...valid(), id: 'usb', name: 'Máy in USB', connection: 'system', address: 'XP-58', paperWidthMm: 58 };
    const put = await node.request('PUT', '/settings/printers', { body: [valid(), usb] });
    expect(put.status, put.body).toBe(200);
    const cashier = await node.tokenFor('cashier');
    const got = await node.request('GET', '/settings/printers', { token: cashier });
    expect(got.status).toBe(200);
    expect(got.json.data).toEqual([valid(), usb]);
    const audit = node.node.services.storage.sqlite
      .prepare("SELECT action FROM audit_entries WHERE invoice_id = 'settings:printers'")
      .all() as { action: string }[];
    expect(audit.map((a) => a.action)).toContain('settings-updated');
  });

  for (const [what, printer, words] of [
    ['a paper width other than 80 or 58', { paperWidthMm: 76 }, 'paperWidthMm là 80 hoặc 58'],
    ['an unknown connection', { connection: 'usb' }, 'connection là tcp'],
    ['a network address without a host', { address: ':9100' }, 'Địa chỉ máy in mạng'],
    ['a port out of range', { address: '192.168.1.50:70000' }, 'Địa chỉ máy in mạng'],
    ['a queue name a shell would read', { connection: 'system', address: 'XP; rm -rf /' }, 'Tên hàng đợi in'],
    ['an id with capitals and spaces', { id: 'Quầy 1' }, 'id gồm 1–40 chữ thường'],
    ['a missing drawer choice', { openDrawerOnCash: undefined }, 'openDrawerOnCash'],
  ] as const) {
    it(`refuses ${what} with a Vietnamese 400 and changes nothing`, async () => {
      const before = (await node.request('GET', '/settings/printers')).json.data;
      const r = await node.request('PUT', '/settings/printers', { body: [{ ...valid(), ...printer }] });
      expect(r.status, r.body).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
      expect(r.body).toContain(words);
      expect((await node.request('GET', '/settings/printers')).json.data).toEqual(before);
    });
  }

  it('refuses two printers with one id', async () => {
    const r = await node.request('PUT', '/settings/printers', { body: [valid(), { ...valid(), name: 'Quầy 2' }] });
    expect(r.status, r.body).toBe(400);
    expect(r.body).toContain('Mã máy in (id) bị lặp');
  });

  it('is the admin’s: a cashier gets 403', async () => {
    const cashier = await node.tokenFor('cashier');
    const r = await node.request('PUT', '/settings/printers', { body: [valid()], token: cashier });
    expect(r.status).toBe(403);
  });
});

describe('the printer buttons', () => {
  it('"Mở két" sends only the drawer kick and is audited; a cashier may not', async () => {
    await node.request('PUT', '/settings/printers', { body: [valid()] });
    const r = await node.request('POST', '/printers/quay-1/open-drawer');
    expect(r.status, r.body).toBe(200);
    const job = await fake.nextJob();
    expect(job.rasterWidths).toEqual([]);
    expect(job.commands.indexOf(RESET)).toBe(0);
    expect(job.commands.indexOf(KICK)).toBeGreaterThan(0);
    const audit = node.node.services.storage.sqlite
      .prepare("SELECT action, actor FROM audit_entries WHERE invoice_id = 'printer:quay-1'")
      .all();
    expect(audit).toEqual([{ action: 'drawer-opened', actor: 'admin' }]);
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('POST', '/printers/quay-1/open-drawer', { token: cashier })).status).toBe(403);
  });

  it('"In thử" prints a raster page at the paper width, cut, without opening the drawer', async () => {
    const r = await node.request('POST', '/printers/quay-1/test');
    expect(r.status, r.body).toBe(200);
    const job = await fake.nextJob();
    expect(new Set(job.rasterWidths)).toEqual(new Set([576]));
    expect(job.commands.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
    expect(job.commands.includes(KICK)).toBe(false);
  });

  it('answers 404 in Vietnamese for a printer not in the list', async () => {
    const r = await node.request('POST', '/printers/khong-co/test');
    expect(r.status).toBe(404);
    expect(r.json.error.message).toContain('Không tìm thấy máy in "khong-co"');
  });
});
