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
