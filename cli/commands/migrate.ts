import type { Command } from 'commander';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { configFrom } from '../run.js';

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending database migrations (also done at every start)')
    .option('--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)')
    .action((flags: { dataDir?: string }) => {
      const database = openDatabase(configFrom(flags).dataDir);
      try {
        const result = migrate(database.sqlite);
        const applied = result.applied.length ? `đã áp dụng ${result.applied.join(', ')}` : 'không có migration mới';
        process.stdout.write(`${applied}; lược đồ hiện tại: ${result.current}\n`);
      } finally {
        database.close();
      }
    });
}
