import { describe, expect, it } from 'vitest';
import { likePattern, searchKey, textProblem } from '../../src/domain/text.js';

describe('searchKey', () => {
  it('folds Vietnamese accents, đ and case', () => {
    expect(searchKey('Nguyễn Văn Đức')).toBe('nguyen van duc');
    expect(searchKey('  CÔNG TY   TNHH  Hòa Bình ')).toBe('cong ty tnhh hoa binh');
    expect(searchKey('Nguyễn'.normalize('NFD'))).toBe('nguyen');
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%');
  });
});

describe('textProblem and combining marks (docs/security.md, F6)', () => {
  it('refuses a text made only of combining marks, or starting with one', () => {
    expect(textProblem('\u0301\u0323\u0300')).toContain('dấu không đứng một mình');
    expect(textProblem('\u0301An')).toContain('dấu không đứng một mình');
  });

  it('refuses more than 3 marks on one letter, and takes Vietnamese written with combining marks', () => {
    expect(textProblem(`Z${'\u0301'.repeat(150)}`)).toBe('Mỗi chữ có tối đa 3 dấu.');
    expect(textProblem(`a${'\u0301'.repeat(4)}`)).toBe('Mỗi chữ có tối đa 3 dấu.');
    expect(textProblem('Nguyễn Thị Ngọc Ánh'.normalize('NFD'))).toBeUndefined();
    expect(textProblem(`a${'\u0301'.repeat(3)}`)).toBeUndefined();
  });
});
