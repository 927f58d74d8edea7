/**
 * The node through its HTTP T-VAN adapter against a T-VAN that answers in the authority's REAL shapes
 * (fake-tvan.ts; docs/tax-format.md §10), for a branch seller (MST 0100109106-001): the
 * credentials from the node's configuration (user name and password exchanged for a token, again after it
 * expires), a refused login shown in /health and told once, the 102's reasons reaching the owner, the 103
 * without MCCQT accepted and the node staying in demo mode until the owner enters the 5 characters instead
 * of making them up, the 206
 * signed over DLieu by Id and verified by xmlsec1, and an LTBao 7 accepting no invoice of its package.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { parseEnvelope } from '../../src/tax-messages/envelope.js';
import { testClock } from '../support/clock.js';
import { importSellerCertificate } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { xmlsecVerifyAll } from '../tax-messages/support.js';
import { startFakeTvan } from './fake-tvan.js';
import { REGISTRATION } from './support.js';

const BRANCH = { name: 'Chi nhánh Hà Nội - Công ty TNHH Minh Anh', mst: '0100109106-001', address: 'Hà Nội' };
const PROVIDER_MST = '0309478306';
const clock = testClock(new Date());
let store: TestNode;
let tvan: Awaited<ReturnType<typeof startFakeTvan>>;

beforeEach(async () => {
  tvan = await startFakeTvan({
    username: 'cuahang-01',
    password: 'mat-khau-tvan',
    authority: {
      signingTime: '2026-03-16T09:12:45',
      identity: createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, new Date()),
    },
  });
  store = await startTestNode({
    clock,
    config: {
      issueBurst: 1000,
      tvanUsername: 'cuahang-01',
      tvanPassword: 'mat-khau-tvan',
      tvanLoginPath: '/auth/login',
      providerMst: PROVIDER_MST,
    },
  });
});
afterEach(async () => {
  await store.close();
  await tvan.close();
});

/** One pass of the worker, after every backoff has run out. */
async function pass() {
  clock.advance(10 * 60_000);
  await store.node.services.transmission.worker.tick();
}
const health = async () => (await store.request('GET', '/health')).json.data.transmissionQueue;
const notifications = async () => JSON.stringify((await store.request('GET', '/notifications')).json.data);
const registration = async () => (await store.request('GET', '/transmission/registration')).json.data;
const detail = async (id: string) => (await store.request('GET', `/invoices/${id}`)).json.data;
async function issue(): Promise<string> {
  const created = await store.request('POST', '/invoices', { body: invoiceBody() });
  if (created.status !== 201) throw new Error(`${created.status} ${created.body}`);
  return created.json.data.id;
}

describe('a real T-VAN answering in the real shapes', () => {
  it('registers, issues and sends a branch seller’s invoices, and no invoice of a rejected package ends accepted', async () => {
    expect((await store.request('PATCH', '/config', { body: { seller: BRANCH } })).status).toBe(200);
    importSellerCertificate(store.dataDir);
    const configured = await store.request('PATCH', '/config', {
      body: { transmission: { adapter: 'http', url: tvan.url } },
    });
    expect(configured.status).toBe(200);

    // A refused login: shown in /health, told once however often the worker retries; nothing lost.
    tvan.state.refuseLogins = true;
    tvan.state.registrations.push('refused-9992', 'accepted-without-mccqt');
    expect((await store.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    await pass();
    await pass();
    await pass();
    expect(await health()).toMatchObject({
      state: 'offline',
      problem: expect.stringMatching(/^T-VAN từ chối xác thực/),
    });
    expect((await notifications()).match(/T-VAN từ chối xác thực/g)).toHaveLength(2); // title and text, once
    expect(tvan.state.received).toEqual([]);
    expect((await registration()).state).toBe('sent');

    // Logins accepted again: the tờ khai leaves; the real 102 refuses it and its reason reaches the owner.
    tvan.state.refuseLogins = false;
    await pass();
    expect((await health()).problem).toBeUndefined();
    expect(tvan.state.logins).toBe(1);
    const refused = await registration();
    expect(refused).toMatchObject({ state: 'refused' });
    expect(refused.reason).toBe(
      'Đã tồn tại tờ khai đăng ký sử dụng hóa đơn điện tử khác của người nộp thuế đã được cơ quan thuế chấp nhận (9992)',
    );
    expect(await notifications()).toContain('đã được cơ quan thuế chấp nhận (9992)');

    // The token expires at the T-VAN: the adapter logs in again by itself. The real 103 (no MCCQT) accepts.
    tvan.expireTokens();
    expect((await store.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    await pass();
    expect(tvan.state.logins).toBe(2);
    expect(await registration()).toMatchObject({ state: 'accepted' });
    expect(await registration()).not.toHaveProperty('cashRegisterPrefix');

    // Without the 5 characters the node makes none up: it stays in demo mode, the till still sells (demo
    // invoices), and /health says what is missing until the owner enters them.
    const waiting = await store.request('POST', '/invoices', { body: invoiceBody() });
    expect(waiting.status).toBe(201);
    expect(waiting.json.data.demo).toBe(true);
    const beforePrefix = (await store.request('GET', '/health')).json.data;
    expect(beforePrefix.mode).toBe('demo');
    expect(beforePrefix.missing).toEqual([expect.stringMatching(/^5 ký tự mã hóa đơn máy tính tiền \(MCCQT\)/)]);
    expect(await notifications()).toContain('Thiếu 5 ký tự mã hóa đơn máy tính tiền');
    const bad = await store.request('PUT', '/transmission/registration/cash-register-prefix', {
      body: { prefix: 'k7q' },
    });
    expect(bad.status).toBe(400);
    const entered = await store.request('PUT', '/transmission/registration/cash-register-prefix', {
      body: { prefix: 'K7Q2Z' },
    });
    expect(entered.status).toBe(200);
    expect(entered.json.data).toMatchObject({ state: 'accepted', cashRegisterPrefix: 'K7Q2Z' });
    expect((await store.request('GET', '/health')).json.data).toMatchObject({ mode: 'live', missing: [] });

    const ids = [await issue(), await issue(), await issue()];
    expect((await detail(ids[0] as string)).authorityCode).toMatch(/^M1-\d{2}-K7Q2Z-\d{11}$/);

    // The package: signed as real senders sign a 206, verified by xmlsec1; an LTBao 7 naming the first invoice.
    tvan.state.packages.push('name-first', 'name-none');
    await pass();
    const sent = tvan.state.received.at(-1) as string;
    const { header, root } = parseEnvelope(sent);
    expect(header).toMatchObject({ type: '206', mst: BRANCH.mst, count: 3, sender: '0100109106001' });
    const dataId = root.getElementsByTagName('DLieu')[0]?.getAttribute('Id');
    expect(dataId).toBe(`_${header.id}`);
    expect(sent).toMatch(new RegExp(`<CKSNNT><Signature [^>]*>.*?<Reference URI="#${dataId}">`));
    expect(sent).not.toContain('URI=""');
    expect(xmlsecVerifyAll(sent)).toEqual([true, true, true, true]);
    expect(sent.match(/<MSTTCGP>[^<]*<\/MSTTCGP>/g)).toEqual(Array(3).fill(`<MSTTCGP>${PROVIDER_MST}</MSTTCGP>`));
    expect(sent).toContain(`<NBan><Ten>${BRANCH.name}</Ten><MST>${BRANCH.mst}</MST>`);

    const [first, ...others] = await Promise.all(ids.map(detail));
    expect(first).toMatchObject({ status: 'error', transmission: { state: 'rejected' } });
    expect(first.transmission.lastError).toBe(
      `Lỗi 2005: ${first.mauSo};${first.kyHieu};${first.number};Mã số thuế người mua không hợp lệ`,
    );
    // Named alone, it alone is refused: the others go back to the queue, to leave in a new package.
    for (const other of others) {
      expect(other).toMatchObject({ status: 'issued', transmission: { state: 'queued' } });
      expect(other.transmission.lastError).toContain(`chỉ từ chối hóa đơn ${first.kyHieu} số ${first.number}`);
    }
    // The one accepted invoice is the demo one issued before the 5 characters, by the embedded simulator.
    expect(store.node.services.transmission.counts()).toMatchObject({ accepted: 1 });
    expect((await detail(waiting.json.data.id)).transmission).toMatchObject({ state: 'accepted' });
    expect(await notifications()).not.toContain('hóa đơn cần kiểm tra');

    // The new package: an LTBao 7 whose failure names no invoice leaves both waiting for the owner, none
    // accepted.
    await pass();
    expect(tvan.state.received.filter((xml) => parseEnvelope(xml).header.type === '206')).toHaveLength(2);
    for (const other of others) {
      const again = await detail(other.id);
      expect(again.transmission).toMatchObject({ state: 'attention' });
      expect(again.transmission.lastError).toContain('Lỗi 9999: Lỗi hệ thống khi kiểm tra dữ liệu gói hóa đơn');
    }
    expect(store.node.services.transmission.counts()).toEqual({ accepted: 1, rejected: 1, attention: 2 });
    expect(await notifications()).toContain('2 hóa đơn cần kiểm tra');
  }, 60_000);
});
