/** Turns known failures into a one-line message and an exit code, never a stack trace. */

import { BackupError } from '../src/backup/backup.service.js';
import { ConfigError, loadNodeConfig, type NodeConfig } from '../src/config.js';
import { SchemaMismatchError } from '../src/db/migrate.js';
import { AppError } from '../src/errors.js';

export async function runCommand(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof SchemaMismatchError ||
      error instanceof AppError ||
      error instanceof BackupError
    ) {
      process.stderr.write(`hoadon: ${error.message}\n`);
      process.exit(error instanceof ConfigError || error instanceof SchemaMismatchError ? 2 : 1);
    }
    throw error;
  }
}

/** The data-dir flag shared by every command that opens a node. */
export interface DataDirOption {
  dataDir?: string;
}

export function configFrom(flags: Partial<Record<keyof NodeConfig, unknown>>): NodeConfig {
  return loadNodeConfig(flags);
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
