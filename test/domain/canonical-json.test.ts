import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/domain/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every level, inside arrays too, and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[{"y":2,"z":1},3]},"b":1}',
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
  });

  it('writes what JSON.stringify writes for everything but the key order', () => {
    expect(
      canonicalJson({ u: undefined, f: () => 1, n: null, nan: Number.NaN, list: [undefined, () => 1, -0, 1e21] }),
    ).toBe('{"list":[null,null,0,1e+21],"n":null,"nan":null}');
    expect(canonicalJson({ at: new Date(0), text: 'Hòa Bình "A"\n' })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z","text":"Hòa Bình \\"A\\"\\n"}',
    );
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson('a')).toBe('"a"');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({ toJSON: () => ({ b: 1, a: 2 }) })).toBe('{"a":2,"b":1}');
  });

  it('puts index-like keys first in numeric order, as every hash in an audit chain was made', () => {
    expect(canonicalJson({ b: 1, '10': 1, '9': 2, '01': 3, a: 4 })).toBe('{"9":2,"10":1,"01":3,"a":4,"b":1}');
  });

  it('keeps a __proto__ key as a key', () => {
    expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1},"b":1}');
  });

  it('gives the text an audit entry was always hashed over', () => {
    const entry = {
      action: 'invoice.issue',
      at: '2026-11-22T03:00:00.000Z',
      actor: { username: 'thu-ngan', id: 'u1' },
      details: { number: 7, total: 55_000 },
    };
    expect(canonicalJson(entry)).toBe(
      '{"action":"invoice.issue","actor":{"id":"u1","username":"thu-ngan"},"at":"2026-11-22T03:00:00.000Z","details":{"number":7,"total":55000}}',
    );
  });
});
