import { describe, expect, it } from 'vitest';
import { likePattern, searchKey } from '../../src/domain/text.js';

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
