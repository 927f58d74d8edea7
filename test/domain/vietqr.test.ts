import { describe, expect, it } from 'vitest';
import { crc16, crcValid, parseTlv, plainPurpose, vietQrPayload } from '../../src/domain/vietqr.js';

// The vectors of /shared/domain/vietqr.md: NAPAS's generator reference and a public PHP test suite.
const NAPAS_VECTOR =
  '00020101021238570010A0000007270127000697041501130011001932418' +
  '0208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C';
const CARD_VECTOR =
  '00020101021238600010A00000072701300006970403011697040311012345670208QRIBFTTC530370454061800005802VN' +
  '62340107NPS68690819thanh toan don hang6304A203';

describe('VietQR (NAPAS 247 / EMVCo merchant-presented)', () => {
  it('computes CRC-16/CCITT-FALSE: 123456789 → 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds the NAPAS reference vector (account, amount, purpose)', () => {
    expect(
      vietQrPayload({
        account: { bin: '970415', accountNumber: '0011001932418' },
        amount: 120_000,
        purpose: 'ung ho lu lut',
      }),
    ).toBe(NAPAS_VECTOR);
  });

  it('builds the card vector (bill number and purpose)', () => {
    expect(
      vietQrPayload({
        account: { bin: '970403', accountNumber: '9704031101234567' },
        amount: 180_000,
        billNumber: 'NPS6869',
        purpose: 'thanh toan don hang',
        toCard: true,
      }),
    ).toBe(CARD_VECTOR);
  });

  it('checks the CRC of both vectors and refuses one changed character', () => {
    expect(crcValid(NAPAS_VECTOR)).toBe(true);
    expect(crcValid(CARD_VECTOR)).toBe(true);
    expect(crcValid(NAPAS_VECTOR.replace('120000', '130000'))).toBe(false);
  });

  it('decodes back to its fields; without an amount the code is static', () => {
    const fields = parseTlv(NAPAS_VECTOR);
    expect(fields).toMatchObject({ '00': '01', '01': '12', '53': '704', '54': '120000', '58': 'VN', '63': 'C15C' });
    expect(parseTlv(parseTlv(fields['38'] ?? '')['01'] ?? '')).toEqual({ '00': '970415', '01': '0011001932418' });
    const fixed = parseTlv(vietQrPayload({ account: { bin: '970436', accountNumber: '123' } }));
    expect(fixed['01']).toBe('11');
    expect(fixed['54']).toBeUndefined();
  });

  it('turns a Vietnamese content into plain ASCII of at most 25 characters', () => {
    expect(plainPurpose('Thanh toán C26MAA số 12')).toBe('thanh toan c26maa so 12');
    expect(plainPurpose('Đơn hàng: Cà phê sữa đá, bánh mì thịt nướng')).toHaveLength(25);
    expect(plainPurpose('Đơn hàng: Cà phê sữa đá, bánh mì')).toMatch(/^[a-z0-9 ]+$/);
  });

  it('refuses a BIN that is not 6 digits, an amount that is not whole đồng, a malformed TLV', () => {
    expect(() => vietQrPayload({ account: { bin: '97041', accountNumber: '1' } })).toThrow(/BIN/);
    expect(() => vietQrPayload({ account: { bin: '970415', accountNumber: '1' }, amount: 10.5 })).toThrow(/số tiền/);
    expect(() => parseTlv('0005ab')).toThrow(RangeError);
  });
});
