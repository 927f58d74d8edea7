/** The flags every `hoadon hq …` command takes to find HQ's database. */
import type { Command } from 'commander';

export const DATA_DIR = [
  '--data-dir <thư-mục>',
  'thư mục dữ liệu của trụ sở (HOADON_HQ_DATA_DIR, mặc định ./hq-data)',
] as const;
export const DATABASE_URL = [
  '--database-url <url>',
  'dùng PostgreSQL thay cho tệp SQLite trong thư mục dữ liệu (HOADON_HQ_DATABASE_URL, postgres://…)',
] as const;

export interface DatabaseFlags {
  dataDir?: string;
  databaseUrl?: string;
}

/** Commander gives `--data-dir` to `hq` itself when it follows `hq store add`: read the flags of both. */
export const globalFlags = <T>(command: Command) => command.optsWithGlobals<T & DatabaseFlags>();
