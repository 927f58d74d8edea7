import { describe, expect, it } from 'vitest';
import { checkMst, hasValidCheckDigit, normaliseMst } from '../../src/domain/mst.js';

describe('MST validation (docs/decisions.md §6, domain file vectors)', () => {
  it.each([
    '0100109106',
    '0300588569',
    '0101248141',
    '0100112437',
    '0100684378',
    '0101243150',
    '0101360697',
    '0314409058-002',
    '0314409058002',
  ])('accepts %s', (mst) => expect(checkMst(mst)).toEqual({ ok: true, mst: normaliseMst(mst) }));

  it.each([
    [undefined, 'present'],
    ['', 'present'],
    ['   ', 'present'],
    ['01001O9106', 'digits'],
    ['0100-109106', 'digits'],
    ['12345', 'length'],
    ['01001091061', 'length'],
    ['010010910600', 'length'],
    ['0100233480', 'checkDigit'],
    ['0100109107', 'checkDigit'],
    ['0100000001', 'checkDigit'],
    ['0314409058000', 'checkDigit'],
  ])('refuses %s by the rule %s', (mst, rule) => {
    const result = checkMst(mst);
    expect(result).toMatchObject({ ok: false, rule });
    if (!result.ok) expect(result.message).toMatch(/Mã số thuế/);
  });

  it('refuses a sum divisible by 11 (no check digit exists)', () => {
    // 01 000 000 0?: weights give 31·0 + 29·1 = 29 … search a body whose weighted sum is a multiple of 11.
    const weights = [31, 29, 23, 19, 17, 13, 7, 5, 3];
    let body = '';
    for (let n = 1_000_000; ; n += 1) {
      body = `01${n}`;
      if ([...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0) % 11 === 0) break;
    }
    for (let digit = 0; digit <= 9; digit += 1) expect(hasValidCheckDigit(`${body}${digit}`)).toBe(false);
  });
});
