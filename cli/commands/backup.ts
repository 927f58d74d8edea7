import type { Command } from 'commander';
import { createBackup, restoreBackup } from '../../src/backup/backup.service.js';
import { systemClock } from '../../src/clock.js';
import { backupPath } from '../../src/db/backup.js';
import { openDatabase } from '../../src/db/open.js';
import { configFrom } from '../run.js';

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('Copy the database while the node keeps serving (SQLite online backup), with a SHA-256 file')
    .option('--out <file>', 'backup file (default <data>/backups/manual-<time>.sqlite)')
    .option('--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)')
    .action(async (flags: { out?: string; dataDir?: string }) => {
      const { dataDir } = configFrom({ dataDir: flags.dataDir });
      const database = openDatabase(dataDir);
      try {
        const out = flags.out ?? backupPath(dataDir, 'manual', systemClock.now());
        const { file, sha256 } = await createBackup(database.sqlite, out);
        process.stdout.write(`Đã sao lưu: ${file}\nSHA-256: ${sha256}\n`);
      } finally {
        database.close();
      }
    });

  program
    .command('restore <file>')
    .description('Replace the database with a verified backup (the node must be stopped)')
    .option('--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)')
    .action(async (file: string, flags: { dataDir?: string }) => {
      const { dataDir } = configFrom({ dataDir: flags.dataDir });
      const { replacedCopy } = await restoreBackup(dataDir, file, systemClock);
      process.stdout.write(`Đã khôi phục từ ${file}.\n`);
      if (replacedCopy) process.stdout.write(`Cơ sở dữ liệu cũ được giữ tại ${replacedCopy}\n`);
    });
}
