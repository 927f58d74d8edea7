/**
 * The fast-check inputs every fuzz test draws from (the store's API and headquarters'): odd strings and
 * numbers, query strings, content types and bodies that are not what a route expects.
 */
import fc from 'fast-check';

/** Cases per route; `FUZZ_RUNS=400 npx vitest run test/security` for a longer run. */
export const fuzzRuns = (fallback: number) => Number(process.env.FUZZ_RUNS ?? fallback);

export const oddStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    "' OR 1=1 --",
    '"; DROP TABLE invoices; --',
    '%',
    '_',
    '\\',
    '\u0000',
    'Nguyễn Văn Đức',
    '0100109106',
    '2026-02-30',
    '9999-99',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
  ),
  fc.constant('x'.repeat(5000)),
);
export const oddNumbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    -0,
    0,
    1,
    -1,
    0.1,
    0.05,
    0.08,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    5e-324,
    2 ** 53 + 1,
  ),
);
export const oddValues: fc.Arbitrary<unknown> = fc.oneof(
  oddStrings,
  oddNumbers,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Bodies no route expects: any JSON, broken JSON, two documents, a NUL, padding. */
export const strayBodies: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    '[',
    'null',
    '"string"',
    '{"a":1}{"b":2}',
    '\u0000',
    '{"buyer":{"name":"x"}}'.padEnd(3000, ' '),
  ),
);

/** A JSON object text that also tries to pollute prototypes, around `inner` (a JSON fragment of fields). */
export const pollutedObject = (inner: string, value: unknown) =>
  `{"__proto__":{"polluted":${JSON.stringify(value ?? null)}},"constructor":{"prototype":{"polluted":1}},${inner}}`;

const queryKeys = fc.constantFrom(
  'page',
  'pageSize',
  'status',
  'dateFrom',
  'dateTo',
  'buyerMst',
  'buyerName',
  'search',
  'days',
  'month',
  'date',
  'mst',
  'filter',
  'type',
  'format',
  'cursor',
  'limit',
  'storeId',
  '__proto__',
  'x',
);
export const queries = fc
  .array(fc.tuple(queryKeys, oddStrings), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
);

/** A header value fastify can carry (no line breaks), from any odd string. */
export const headerValue = (value: string) => value.replace(/[\r\n]/g, '');
