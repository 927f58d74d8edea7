import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { prefixRange } from '../../src/db/suffix-search.js';

describe('prefixRange', () => {
  it('ends the range at the key with its last character moved to the next one', () => {
    expect(prefixRange('tran')).toEqual({ from: 'tran', before: 'trao' });
    expect(prefixRange('a ')).toEqual({ from: 'a ', before: 'a!' });
    expect(prefixRange('ab\u{d7ff}')).toEqual({ from: 'ab\u{d7ff}', before: 'ab\u{e000}' });
    expect(prefixRange('a\u{1f600}')).toEqual({ from: 'a\u{1f600}', before: 'a\u{1f601}' });
    expect(prefixRange('ab\u{10ffff}\u{10ffff}')).toEqual({ from: 'ab\u{10ffff}\u{10ffff}', before: 'ac' });
  });

  it('has no end for a key above which nothing sorts', () => {
    expect(prefixRange('')).toEqual({ from: '', before: undefined });
    expect(prefixRange('\u{10ffff}')).toEqual({ from: '\u{10ffff}', before: undefined });
  });

  it('finds in SQLite exactly the texts holding the key, on random texts and keys', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(
      'CREATE TABLE suffixes (suffix TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (suffix, id)) WITHOUT ROWID',
    );
    // Letters at the edges of UTF-8's byte lengths and of the surrogates, spaces, and SQL and GLOB wildcards.
    const alphabet = [...'ab n%_*?[\u{7f}\u{80}\u{7ff}\u{800}\u{d7ff}\u{e000}\u{ffff}\u{10000}\u{10ffff}'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const textOf = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    const texts = Array.from({ length: 400 }, () => textOf(1 + random(8)));
    const insert = sqlite.prepare('INSERT OR IGNORE INTO suffixes (suffix, id) VALUES (?, ?)');
    texts.forEach((text, id) => {
      const characters = [...text];
      for (let i = 0; i < characters.length; i++) insert.run(characters.slice(i).join(''), id);
    });
    const inRange = sqlite
      .prepare<[string, string], number>(
        'SELECT DISTINCT id FROM suffixes WHERE suffix >= ? AND suffix < ? ORDER BY id',
      )
      .pluck();
    const fromOnly = sqlite
      .prepare<[string], number>('SELECT DISTINCT id FROM suffixes WHERE suffix >= ? ORDER BY id')
      .pluck();
    let found = 0;
    for (let k = 0; k < 600; k++) {
      const key = textOf(1 + random(3));
      const { from, before } = prefixRange(key);
      const ids = before === undefined ? fromOnly.all(from) : inRange.all(from, before);
      const expected = texts.flatMap((text, id) => (text.includes(key) ? [id] : []));
      expect(ids, JSON.stringify(key)).toEqual(expected);
      found += ids.length;
    }
    expect(found).toBeGreaterThan(1_000);
    sqlite.close();
  });
});
