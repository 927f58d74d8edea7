/** The rules of demo mode (docs/decisions.md §7) as pure functions over the node's facts. */
import { describe, expect, it } from 'vitest';
import { type ModeFacts, missingForLive, modeOf, registrationFor } from '../../src/settings/node-mode.js';

const LIVE: ModeFacts = {
  seller: { name: 'Công ty TNHH Cà phê Hòa Bình', mst: '0300588569', address: '', phone: '', email: '' },
  certificate: 'imported',
  adapter: 'http',
  registration: 'accepted',
  cashRegisterPrefix: true,
};

describe('node mode', () => {
  it('is live with all its facts, and names each one missing otherwise', () => {
    expect(modeOf(LIVE)).toBe('live');
    expect(missingForLive(LIVE)).toEqual([]);
    const cases: [Partial<ModeFacts>, RegExp][] = [
      [{ seller: { ...LIVE.seller, mst: '' } }, /thông tin người bán/],
      [{ certificate: 'demo' }, /hoadon cert import/],
      [{ adapter: 'embedded' }, /T-VAN qua HTTP/],
      [{ registration: undefined }, /gửi ở POST \/transmission\/registration/],
      [{ registration: 'sent' }, /đang chờ cơ quan thuế chấp nhận/],
      [{ registration: 'refused' }, /không chấp nhận, hãy gửi lại/],
      [{ cashRegisterPrefix: false }, /^5 ký tự mã hóa đơn máy tính tiền \(MCCQT\).*cash-register-prefix$/],
    ];
    for (const [change, why] of cases) {
      const facts = { ...LIVE, ...change };
      expect(modeOf(facts)).toBe('demo');
      expect(missingForLive(facts)).toEqual([expect.stringMatching(why)]);
    }
  });

  it('counts a registration only if it was answered since the adapter last changed', () => {
    const accepted = { state: 'accepted' as const, updatedAt: '2026-11-02T03:00:00.000Z' };
    expect(registrationFor(accepted, undefined)).toBe('accepted');
    expect(registrationFor(accepted, '2026-11-02T02:59:59.999Z')).toBe('accepted');
    expect(registrationFor(accepted, '2026-11-02T03:00:00.000Z')).toBe('accepted');
    expect(registrationFor(accepted, '2026-11-02T03:00:00.001Z')).toBeUndefined();
    expect(registrationFor(undefined, undefined)).toBeUndefined();
  });
});
