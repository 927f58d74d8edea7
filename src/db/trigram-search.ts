import type Database from 'better-sqlite3';
import { globPattern } from '../domain/text.js';

/** FTS5's query syntax: a string in double quotes, its own double quotes doubled. */
const phraseOf = (key: string) => `"${key.replace(/"/g, '""')}"`;

/**
 * How a trigram index (FTS5, `tokenize = 'trigram'`, a `name_key` column) finds the rows whose name key
 * holds a search key. A key of three characters or more is matched as a phrase of its trigrams, which is the
 * same as a substring and needs only the index's lists; GLOB checks each candidate against the stored name,
 * reading it: "tran" among 50,000 customers took 2.2 ms that way, 0.46 ms as a phrase. Shorter keys have no
 * trigram to look up: a GLOB pattern, which FTS5 answers by reading every name.
 */
export const trigramMatch = (key: string): { operator: 'MATCH' | 'GLOB'; value: string } =>
  [...key].length >= 3 ? { operator: 'MATCH', value: phraseOf(key) } : { operator: 'GLOB', value: globPattern(key) };

/**
 * A search of a trigram index as `select` writes it around the condition it is given (trigramMatch). With
 * `pluck`, each row is its first column's value: a search can find thousands of rows, and an object a row
 * cost twice the search ("tran" among 50,000 customers: 0.44 against 1.4 ms).
 */
export function preparedTrigramSearch<Row>(
  sqlite: Database.Database,
  table: string,
  select: (condition: string) => string,
  { pluck = false } = {},
) {
  const byPhrase = sqlite.prepare<[string], Row>(select(`${table} MATCH ?`)).pluck(pluck);
  const byGlob = sqlite.prepare<[string], Row>(select(`${table}.name_key GLOB ?`)).pluck(pluck);
  return (key: string): Row[] => {
    const match = trigramMatch(key);
    return (match.operator === 'MATCH' ? byPhrase : byGlob).all(match.value);
  };
}
