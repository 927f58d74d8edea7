/** Store credentials over time: rotation with a grace period for the old secret, and disabling a store. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

const HOUR = 3600_000;

describe.each(HQ_BACKENDS)('store credentials on %s', (backend) => {
  let t: TestHq;
  let shop1: string;
  beforeEach(async () => ({ t, shop1 } = await startHqWithTwoStores(backend)));
  afterEach(async () => t.close());

  it('accepts the old secret for the grace period after a rotation, then refuses it with 401', async () => {
    const rotated = await t.services.admin.rotateCredential('shop-1', 24 * HOUR);
    expect(rotated.credential).not.toBe(shop1);
    expect(rotated.previousValidUntil).toBe('2026-03-16T03:00:00.000Z');
    expect((await t.push(rotated.credential, 'shop-1', [invoiceRecord(1, 'a')])).status).toBe(200);
    expect((await t.push(shop1, 'shop-1', [invoiceRecord(2, 'b')])).status).toBe(200);

    t.clock.advance(24 * HOUR + 1);
    const refused = await t.push(shop1, 'shop-1', [invoiceRecord(3, 'c')]);
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe('UNAUTHORIZED');
    expect((await t.pull(shop1)).status).toBe(401);
    expect((await t.push(rotated.credential, 'shop-1', [invoiceRecord(3, 'c')])).status).toBe(200);
  });

  it('keeps only the latest two secrets: a second rotation ends the first one at once', async () => {
    const first = await t.services.admin.rotateCredential('shop-1', 24 * HOUR);
    const second = await t.services.admin.rotateCredential('shop-1', 24 * HOUR);
    expect((await t.pull(shop1)).status).toBe(401);
    expect((await t.pull(first.credential)).status).toBe(200);
    expect((await t.pull(second.credential)).status).toBe(200);
  });

  it('refuses a disabled store with 403 on push and pull, keeps its data, and takes it again once enabled', async () => {
    expect((await t.push(shop1, 'shop-1', [invoiceRecord(1, 'a')])).status).toBe(200);
    const disabled = await t.services.admin.setDisabled('shop-1', true);
    expect(disabled.disabledAt).toBe('2026-03-15T03:00:00.000Z');
    const push = await t.push(shop1, 'shop-1', [invoiceRecord(2, 'b')]);
    expect(push.status).toBe(403);
    expect(push.json.error.message).toMatch(/đã bị tạm khóa/);
    expect((await t.pull(shop1)).status).toBe(403);
    expect(await t.count('records')).toBe(1);
    const listed = (await t.request('GET', '/hq/v1/stores')).json.data;
    expect(listed.find((s: { id: string }) => s.id === 'shop-1')).toMatchObject({ disabledAt: disabled.disabledAt });

    await t.services.admin.setDisabled('shop-1', false);
    expect((await t.push(shop1, 'shop-1', [invoiceRecord(2, 'b')])).status).toBe(200);
  });

  it('answers 404 for an unknown store', async () => {
    await expect(t.services.admin.rotateCredential('nope', HOUR)).rejects.toMatchObject({ status: 404 });
    await expect(t.services.admin.setDisabled('nope', true)).rejects.toMatchObject({ status: 404 });
  });
});
