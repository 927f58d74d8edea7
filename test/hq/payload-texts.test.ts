import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payloadTexts } from '../../sync/hq/payload-texts.js';

/** What JSON.parse makes of `records[i].payload`, for comparison with the text cut out of the body. */
const parsedPayloads = (json: string) =>
  (JSON.parse(json) as { records: unknown[] }).records.map((r) =>
    r !== null && typeof r === 'object' && !Array.isArray(r) && 'payload' in r ? JSON.stringify(r.payload) : undefined,
  );

describe('payload texts of a push body', () => {
  it('cuts out exactly the value JSON.parse reads, whatever the spacing, escapes and key order', () => {
    const payload = fc.dictionary(fc.string(), fc.jsonValue());
    const element = fc.oneof(
      fc.record({ seq: fc.nat(), payload, note: fc.string() }, { requiredKeys: ['payload'] }),
      fc.record({ payload: fc.jsonValue(), kind: fc.string() }),
      fc.jsonValue(),
    );
    const body = fc.record({ storeId: fc.string(), records: fc.array(element, { maxLength: 8 }), batchSeq: fc.nat() });
    fc.assert(
      fc.property(body, fc.constantFrom(undefined, 1, 2, '\t'), (value, indent) => {
        const json = JSON.stringify(value, null, indent);
        const texts = payloadTexts(json);
        expect(texts?.map((t) => (t === undefined ? undefined : JSON.stringify(JSON.parse(t))))).toEqual(
          parsedPayloads(json),
        );
        // Compact text is kept byte for byte.
        if (indent === undefined)
          expect(texts).toEqual(
            value.records.map((r) =>
              r !== null && typeof r === 'object' && 'payload' in r ? JSON.stringify(r.payload) : undefined,
            ),
          );
      }),
      { numRuns: 300 },
    );
  });

  it('takes the last of a key given twice, as JSON.parse does, and reads escaped keys', () => {
    const json =
      '{"records":[{"payload":{"a":1},"p\\u0061yload":{"b":"}\\\\"}}],"x":"\\"records\\"","records":[{"payload":{"c":[1,{"d":null}]}}]}';
    expect(payloadTexts(json)).toEqual(['{"c":[1,{"d":null}]}']);
    expect(payloadTexts('{"records":[{"payload":{"a":1},"payload":{"b":"}\\\\"}}]}')).toEqual(['{"b":"}\\\\"}']);
  });

  it('answers nothing for a body that is not an object with a records array, and never loops on broken text', () => {
    expect(payloadTexts('[{"records":[]}]')).toBeUndefined();
    expect(payloadTexts('{"records":{"payload":{}}}')).toBeUndefined();
    expect(payloadTexts('{"storeId":"a"}')).toBeUndefined();
    for (const broken of ['{"records":[{"payload":{"a":"', '{"records":[{"payload":{"a":[1,2', '{"records"', '{']) {
      expect(payloadTexts(broken)).toBeUndefined();
    }
  });
});
