/**
 * Substring search through a table of suffixes (`buyer_name_suffixes`): a key is a substring of a text
 * exactly when it starts one of the text's suffixes, and the suffixes starting with a key are one range of
 * an index on them, as long as the matches.
 */

const NEXT_AFTER_SURROGATES = 0xe000;
const FIRST_SURROGATE = 0xd800;
const LAST_CODE_POINT = 0x10ffff;

/**
 * The range [from, before) of the texts starting with `key`, in SQLite's BINARY order (UTF-8 bytes, which is
 * the order of code points): `before` is the key with its last character moved to the next one, or
 * undefined when no text is above the range (an empty key, or one of only U+10FFFF).
 */
export function prefixRange(key: string): { from: string; before: string | undefined } {
  const characters = [...key].map((c) => c.codePointAt(0)!);
  while (characters.length > 0 && characters.at(-1) === LAST_CODE_POINT) characters.pop();
  if (characters.length === 0) return { from: key, before: undefined };
  const next = characters.pop()! + 1;
  characters.push(next === FIRST_SURROGATE ? NEXT_AFTER_SURROGATES : next);
  return { from: key, before: String.fromCodePoint(...characters) };
}
