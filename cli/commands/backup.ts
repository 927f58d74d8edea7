import type { Command } from 'commander';
import { createBackup, restoreBackup } from '../../src/backup/backup.service.js';
import { systemClock } from '../../src/clock.js';
import { backupPath } from '../../src/db/backup.js';
import { openDatabase } from '../../src/db/open.js';
import { backupEncryption } from '../../src/services.js';
import { configFrom, readStdin } from '../run.js';

interface BackupFlags {
  out?: string;
  dataDir?: string;
  passphraseStdin?: boolean;
}

/** The backup passphrase: from standard input when asked, else HOADON_BACKUP_PASSPHRASE. */
async function passphraseOf(flags: BackupFlags): Promise<string | undefined> {
  return flags.passphraseStdin ? await readStdin() : configFrom({ dataDir: flags.dataDir }).backupPassphrase;
}

const PASSPHRASE = [
  '--passphrase-stdin',
  'đọc mật khẩu sao lưu từ đầu vào chuẩn (mặc định: HOADON_BACKUP_PASSPHRASE)',
] as const;

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description(
      'Sao lưu khi cửa hàng vẫn bán (SQLite online backup), kèm tệp SHA-256. Có mật khẩu sao lưu: tệp .age mã hóa, gồm cả khóa ký, chứng thư, mã PIN token và khóa kết nối trụ sở',
    )
    .option('--out <file>', 'tệp sao lưu (mặc định <data>/backups/manual-<giờ>.sqlite, hoặc .age khi mã hóa)')
    .option('--data-dir <dir>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .option(...PASSPHRASE)
    .action(async (flags: BackupFlags) => {
      const config = configFrom({ dataDir: flags.dataDir });
      const passphrase = await passphraseOf(flags);
      const database = openDatabase(config.dataDir);
      try {
        const out = flags.out ?? backupPath(config.dataDir, 'manual', systemClock.now());
        const encryption = backupEncryption({ dataDir: config.dataDir, backupPassphrase: passphrase });
        const { file, sha256 } = await createBackup(database.sqlite, out, encryption);
        process.stdout.write(`Đã sao lưu: ${file}\nSHA-256: ${sha256}\n`);
        if (!encryption)
          process.stdout.write(
            'Chưa đặt mật khẩu sao lưu (HOADON_BACKUP_PASSPHRASE): bản sao lưu chỉ có cơ sở dữ liệu, không có khóa ký số.\n',
          );
      } finally {
        database.close();
      }
    });

  program
    .command('restore <file>')
    .description(
      'Khôi phục từ một bản sao lưu đã kiểm tra (dừng hoadon serve trước); bản .age mã hóa khôi phục cả khóa ký và khóa kết nối trụ sở',
    )
    .option('--data-dir <dir>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .option(...PASSPHRASE)
    .action(async (file: string, flags: BackupFlags) => {
      const { dataDir } = configFrom({ dataDir: flags.dataDir });
      const { replacedCopy, secrets } = await restoreBackup(dataDir, file, systemClock, await passphraseOf(flags));
      process.stdout.write(`Đã khôi phục từ ${file}.\n`);
      if (secrets.length > 0) process.stdout.write(`Đã khôi phục: ${secrets.join(', ')}\n`);
      if (replacedCopy) process.stdout.write(`Cơ sở dữ liệu cũ được giữ tại ${replacedCopy}\n`);
    });
}
