import type { Command } from 'commander';
import { systemClock } from '../../src/clock.js';
import { upgradeDatabase } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { configFrom } from '../run.js';

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Áp dụng các bước nâng cấp cơ sở dữ liệu còn chờ (cũng được làm mỗi lần khởi động)')
    .option('--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .action(async (flags: { dataDir?: string }) => {
      const { dataDir } = configFrom(flags);
      const database = openDatabase(dataDir);
      try {
        // As at a start: an upgrade keeps a copy of the database first (backups/before-<migration>-…).
        const result = await upgradeDatabase(database.sqlite, dataDir, { now: () => systemClock.now() });
        const applied = result.applied.length ? `đã áp dụng ${result.applied.join(', ')}` : 'không có migration mới';
        const recorded = result.recordedBaselineFrom
          ? `đã ghi nhận lược đồ ${result.recordedBaselineFrom} là mốc gộp migration; `
          : '';
        process.stdout.write(`${recorded}${applied}; lược đồ hiện tại: ${result.current}\n`);
      } finally {
        database.close();
      }
    });
}
