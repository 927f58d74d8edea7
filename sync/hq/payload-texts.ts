/**
 * The text of each record's payload in a push body, cut out of the body as the store sent it. HQ only stores
 * a payload, so serialising the parsed object again cost as much JSON work as parsing it, and a store's
 * canonical text is kept byte for byte. The body must already have passed JSON.parse: this walks valid JSON
 * only, skipping values without building them (and stops at the end of anything else instead of looping).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function skipSpace(json: string, at: number): number {
  let i = at;
  for (let c = json.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = json.charCodeAt(++i));
  return i;
}

class NotJson extends Error {}

/** `at` is an opening quote; answers the index after the closing one. */
function endOfString(json: string, at: number): number {
  for (let quote = json.indexOf('"', at + 1); ; quote = json.indexOf('"', quote + 1)) {
    if (quote < 0) throw new NotJson();
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
  }
}

function endOfValue(json: string, at: number): number {
  const first = json.charCodeAt(at);
  if (first === QUOTE) return endOfString(json, at);
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    for (let i = at; i < json.length; i += 1) {
      const c = json.charCodeAt(i);
      if (c === QUOTE) i = endOfString(json, i) - 1;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth += 1;
      else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return i + 1;
    }
    throw new NotJson();
  }
  // A number, true, false or null: runs to the next delimiter.
  let i = at;
  for (
    let c = json.charCodeAt(i);
    i < json.length && c !== COMMA && c !== CLOSE_OBJECT && c !== CLOSE_ARRAY && c > 0x20;
    c = json.charCodeAt(++i)
  );
  return i;
}

/**
 * Calls `member` with each key of the object at `at` and the start of its value; `member` answers the end of
 * the value when it had to find it anyway. Answers the index after the object.
 */
function eachMember(json: string, at: number, member: (key: string, value: number) => number | undefined): number {
  let i = skipSpace(json, at + 1);
  if (json.charCodeAt(i) === CLOSE_OBJECT) return i + 1;
  for (;;) {
    const keyEnd = endOfString(json, i);
    const raw = json.slice(i + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    const value = skipSpace(json, skipSpace(json, keyEnd) + 1);
    i = skipSpace(json, member(key, value) ?? endOfValue(json, value));
    if (json.charCodeAt(i) === CLOSE_OBJECT) return i + 1;
    if (json.charCodeAt(i) !== COMMA) throw new NotJson();
    i = skipSpace(json, i + 1);
  }
}

/**
 * The text of `records[i].payload` for each element of the body's `records` array (the last one, for a key
 * given twice, as JSON.parse does); undefined where an element is not an object or has no payload, and
 * undefined for a body whose `records` is not an array.
 */
export function payloadTexts(json: string): (string | undefined)[] | undefined {
  const start = skipSpace(json, 0);
  if (json.charCodeAt(start) !== OPEN_OBJECT) return undefined;
  let texts: (string | undefined)[] | undefined;
  try {
    eachMember(json, start, (key, value) => {
      if (key !== 'records') return undefined;
      texts = undefined;
      if (json.charCodeAt(value) !== OPEN_ARRAY) return undefined;
      const found: (string | undefined)[] = [];
      let i = skipSpace(json, value + 1);
      while (json.charCodeAt(i) !== CLOSE_ARRAY) {
        if (i >= json.length) throw new NotJson();
        let text: string | undefined;
        if (json.charCodeAt(i) === OPEN_OBJECT) {
          i = eachMember(json, i, (field, at) => {
            if (field !== 'payload') return undefined;
            const end = endOfValue(json, at);
            text = json.slice(at, end);
            return end;
          });
        } else i = endOfValue(json, i);
        found.push(text);
        i = skipSpace(json, i);
        if (json.charCodeAt(i) === COMMA) i = skipSpace(json, i + 1);
      }
      texts = found;
      return i + 1;
    });
  } catch (error) {
    if (error instanceof NotJson || error instanceof SyntaxError) return undefined;
    throw error;
  }
  return texts;
}
