import { describe, expect, it } from 'vitest';
import { cashRegisterAuthorityCode } from '../../src/domain/authority-code.js';

describe('cash-register tax-authority code', () => {
  it('is 23 characters M{t}-{yy}-{AAAAA}-{11 digits}', () => {
    const code = cashRegisterAuthorityCode({ mauSo: '1', kyHieu: 'C26MAA', number: 1234, sellerCode: 'AB12C' });
    expect(code).toBe('M1-26-AB12C-00000001234');
    expect(code).toHaveLength(23);
  });

  it('differs between stores of a chain (their symbol letters) for the same number', () => {
    const code = (kyHieu: string) => cashRegisterAuthorityCode({ mauSo: '1', kyHieu, number: 7, sellerCode: 'AB12C' });
    expect(code('C26MAB')).toBe('M1-26-AB12C-00100000007');
    expect(code('C26MZZ')).toBe('M1-26-AB12C-67500000007');
    expect(new Set(['C26MAA', 'C26MAB', 'C26MBA', 'C26MZZ'].map(code)).size).toBe(4);
    expect(cashRegisterAuthorityCode({ mauSo: '2', kyHieu: 'C26MAA', number: 99_999_999, sellerCode: 'AB12C' })).toBe(
      'M2-26-AB12C-00099999999',
    );
  });

  it('is not minted for symbols the tax authority codes itself', () => {
    expect(cashRegisterAuthorityCode({ mauSo: '1', kyHieu: 'C26TAA', number: 1, sellerCode: 'AB12C' })).toBeNull();
    expect(cashRegisterAuthorityCode({ mauSo: '1', kyHieu: 'K26MAA', number: 1, sellerCode: 'AB12C' })).toBeNull();
  });
});
