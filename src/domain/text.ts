/**
 * Accent- and case-insensitive search keys for Vietnamese text: "Nguyễn Văn Đức" → "nguyen van duc".
 * Stored beside the original so that searches compare keys with a plain LIKE.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A GLOB substring pattern for a search key. FTS5 trigram indexes serve GLOB and plain LIKE but not
 * LIKE … ESCAPE (that scans the whole index), and keys are lower case, so GLOB's case-sensitivity is moot.
 */
export function globPattern(key: string): string {
  return `*${key.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/* Characters a stored name or address may not hold: they print as nothing or reorder what surrounds them, and
 * XML either cannot carry them (NUL, C0 controls, lone surrogates, U+FFFE/U+FFFF) or its canonical form
 * changes them (a CR), so the signed invoice would differ from the stored one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/u;
const LINE_BREAK = /[\n\r\t]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Format characters (zero-width spaces and joiners, bidi marks, soft hyphen, …) and the blanks that print as
 * nothing: Hangul fillers, the braille blank, variation selectors, the combining grapheme joiner. */
const INVISIBLE_ONLY = /^(?:[\s\p{Cf}\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0]|\p{Variation_Selector}|\u034f)*$/u;

/** The most combining marks one base character carries: Vietnamese needs two (ệ = e + ̂ + ̣), three leaves room. */
export const MAX_COMBINING_MARKS = 3;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');
const BASE_CHARACTER = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Why a text typed into a field cannot be stored as it is (a Vietnamese message), or undefined when it can.
 * `multiline` texts (a reason) may hold line breaks and tabs; names and addresses may not.
 */
export function textProblem(text: string, options: { multiline?: boolean } = {}): string | undefined {
  if (CONTROL.test(text) || (!options.multiline && LINE_BREAK.test(text)))
    return 'Không được chứa ký tự điều khiển (NUL, xuống dòng, tab, …).';
  if (BIDI_CONTROL.test(text)) return 'Không được chứa ký tự đảo chiều văn bản (U+202A–U+202E, U+2066–U+2069).';
  if (text.length > 0 && INVISIBLE_ONLY.test(text)) return 'Không được chỉ gồm ký tự vô hình (khoảng trắng độ rộng 0).';
  // A name of combining marks only, or 150 marks stacked on one letter, prints as a smear (docs/security.md, F6).
  if (text.length > 0 && (!BASE_CHARACTER.test(text) || /^\p{M}/u.test(text)))
    return 'Phải có ít nhất một chữ, số hoặc ký hiệu; dấu không đứng một mình.';
  if (STACKED_MARKS.test(text)) return `Mỗi chữ có tối đa ${MAX_COMBINING_MARKS} dấu.`;
  return undefined;
}

/** Whether a search key is free of controls (a NUL reached SQLite's full-text search as a 500). */
export const isSearchable = (text: string): boolean => !CONTROL.test(text) && !LINE_BREAK.test(text);
