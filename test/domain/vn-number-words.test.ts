import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, numberToVietnameseWords } from '../../src/domain/vn-number-words.js';

/**
 * An independent reading of the words back to a number, strict about the rules (it refuses "mươi một",
 * "mười năm", a missing "lẻ"…), so that round-tripping every number checks every rule at once.
 */
function parseWords(text: string): number {
  const digits: Record<string, number> = {
    không: 0,
    một: 1,
    hai: 2,
    ba: 3,
    bốn: 4,
    năm: 5,
    sáu: 6,
    bảy: 7,
    tám: 8,
    chín: 9,
  };
  const tokens = text.split(' ');
  let i = 0;
  const next = () => tokens[i];
  const take = (expected?: string) => {
    const token = tokens[i++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new Error(`unexpected ${token} in "${text}"`);
    return token;
  };
  const digitOf = (token: string) => {
    const d = digits[token];
    if (d === undefined) throw new Error(`not a digit: ${token} in "${text}"`);
    return d;
  };
  /** A group; `full` when it follows a larger unit and must read its hundreds. */
  const group = (full: boolean): number => {
    let value = 0;
    let hundredsRead = false;
    if (tokens[i + 1] === 'trăm') {
      value = 100 * digitOf(take());
      take('trăm');
      hundredsRead = true;
    } else if (full) throw new Error(`hundreds missing in "${text}"`);
    const token = next();
    if (token === 'lẻ') {
      if (!hundredsRead) throw new Error(`lẻ without hundreds in "${text}"`);
      take();
      const unit = digitOf(take());
      if (unit === 0) throw new Error('lẻ không');
      return value + unit;
    }
    if (token === 'mười') {
      take();
      const unit = next();
      if (unit === 'lăm') {
        take();
        return value + 15;
      }
      if (unit !== undefined && unit in digits && unit !== 'không' && unit !== 'năm' && tokens[i + 1] !== 'trăm')
        return value + 10 + digitOf(take());
      return value + 10;
    }
    if (token !== undefined && token in digits && tokens[i + 1] === 'mươi') {
      const tens = digitOf(take());
      if (tens < 2) throw new Error(`"${token} mươi" in "${text}"`);
      take('mươi');
      const unit = next();
      const special: Record<string, number> = { mốt: 1, tư: 4, lăm: 5 };
      if (unit !== undefined && unit in special) {
        take();
        return value + tens * 10 + (special[unit] as number);
      }
      if (
        unit !== undefined &&
        unit in digits &&
        !['không', 'một', 'bốn', 'năm'].includes(unit) &&
        tokens[i + 1] !== 'trăm'
      ) {
        return value + tens * 10 + digitOf(take());
      }
      return value + tens * 10;
    }
    if (!hundredsRead && token !== undefined && token in digits && token !== 'không') return value + digitOf(take());
    if (!hundredsRead) throw new Error(`empty group in "${text}"`);
    return value;
  };
  /** Below 10^9 then optionally "tỷ" and the rest. */
  const belowBillion = (full: boolean): number => {
    let value = 0;
    let first = !full;
    for (const [unit, factor] of [
      ['triệu', 1e6],
      ['nghìn', 1e3],
      ['', 1],
    ] as const) {
      const save = i;
      if (i >= tokens.length || next() === 'tỷ') break;
      const g = group(!first);
      if (unit === '' || next() === unit) {
        if (unit !== '') take(unit);
        value += g * factor;
        first = false;
      } else i = save;
    }
    return value;
  };
  const number = (): number => {
    let value = belowBillion(false);
    while (next() === 'tỷ') {
      take();
      value = value * 1e9 + (i < tokens.length && next() !== 'tỷ' ? belowBillion(true) : 0);
    }
    return value;
  };
  if (text === 'không') return 0;
  const negative = tokens[0] === 'âm';
  if (negative) i++;
  const value = number();
  if (i !== tokens.length) throw new Error(`trailing words in "${text}"`);
  return negative ? -value : value;
}

describe('amounts in Vietnamese words', () => {
  it.each([
    [0, 'Không đồng'],
    [1, 'Một đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [20, 'Hai mươi đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [25, 'Hai mươi lăm đồng'],
    [101, 'Một trăm lẻ một đồng'],
    [105, 'Một trăm lẻ năm đồng'],
    [110, 'Một trăm mười đồng'],
    [115, 'Một trăm mười lăm đồng'],
    [1_001, 'Một nghìn không trăm lẻ một đồng'],
    [1_010, 'Một nghìn không trăm mười đồng'],
    [118_800, 'Một trăm mười tám nghìn tám trăm đồng'],
    [1_005_000, 'Một triệu không trăm lẻ năm nghìn đồng'],
    [1_000_000, 'Một triệu đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [2_000_000_001, 'Hai tỷ không trăm lẻ một đồng'],
    [1_250_000_000, 'Một tỷ hai trăm năm mươi triệu đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [1_000_000_000_000_000, 'Một triệu tỷ đồng'],
    [-118_800, 'Âm một trăm mười tám nghìn tám trăm đồng'],
  ])('%d reads "%s"', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('reads back every number up to 200,000 exactly (every rule of a group, nghìn and lẻ)', () => {
    for (let n = 0; n <= 200_000; n++) {
      const words = numberToVietnameseWords(n);
      if (parseWords(words) !== n) throw new Error(`${n} → "${words}" reads back as ${parseWords(words)}`);
    }
  });

  it('reads back any safe integer, positive or negative, including tỷ of tỷ', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseWords(numberToVietnameseWords(n))).toBe(n);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses what is not a whole number of đồng', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => amountInWords(bad)).toThrow(RangeError);
  });
});
