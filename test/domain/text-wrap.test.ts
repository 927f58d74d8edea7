import { describe, expect, it } from 'vitest';
import { wrapText } from '../../src/domain/text-wrap.js';

/** A line of at most `n` characters: a monospaced measure. */
const upTo = (n: number) => (line: string) => line.length <= n;
const LINK = 'https://tracuu.hoabinh.vn/hoa-don/tra-cuu/K7QM2X9PA4BC';

describe('printed lines', () => {
  it('wrap at spaces, every line within the width', () => {
    const lines = wrapText('Cà phê sữa đá Hòa Bình ly lớn', upTo(12));
    expect(lines).toEqual(['Cà phê sữa', 'đá Hòa Bình', 'ly lớn']);
  });

  it('cut a link too wide for a line after a slash, never after a hyphen, and keep every character', () => {
    for (let width = 12; width <= LINK.length; width += 1) {
      const lines = wrapText(`Tra cứu hóa đơn tại: ${LINK}`, upTo(width));
      expect(lines.join('')).toContain(LINK);
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(width);
        expect(line.endsWith('-'), `${width}: ${lines.join(' | ')}`).toBe(false);
      }
    }
    expect(wrapText(LINK, upTo(36))).toEqual(['https://tracuu.hoabinh.vn/hoa-don/', 'tra-cuu/K7QM2X9PA4BC']);
    // A slash of the scheme is no place to cut: "https:/" alone would say nothing.
    expect(wrapText(LINK, upTo(10))[0]).toBe('https://tr');
  });

  it('cut a word with no slash where it has to, moving back before a hyphen', () => {
    expect(wrapText('abcd-efgh', upTo(5))).toEqual(['abcd', '-efgh']);
    expect(wrapText('', upTo(5))).toEqual(['']);
  });
});
