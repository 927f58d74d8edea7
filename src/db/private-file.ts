/**
 * A backup holds every invoice, customer and password hash of the store: its file is created readable by its
 * owner only (0600), before anything is written into it, whatever the process's umask and wherever `--out`
 * points. SQLite writes into the empty file (an empty file is an empty database) and keeps its mode; a
 * rename keeps it too.
 */
import { rmSync, writeFileSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;

/** Creates `path` empty with mode 0600, replacing a leftover (a `.partial` of an interrupted backup). */
export function createPrivateFile(path: string): void {
  rmSync(path, { force: true });
  writeFileSync(path, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
}
