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

/** Makes a backup now: encrypted with the store's secrets when a passphrase is set, else the database alone. */
async function backupNow(flags: BackupFlags): Promise<void> {
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
}

async function restoreFrom(file: string, flags: BackupFlags): Promise<void> {
  const { dataDir } = configFrom({ dataDir: flags.dataDir });
  const { replacedCopy, secrets } = await restoreBackup(dataDir, file, systemClock, await passphraseOf(flags));
  process.stdout.write(`Đã khôi phục từ ${file}.\n`);
  if (secrets.length > 0) process.stdout.write(`Đã khôi phục: ${secrets.join(', ')}\n`);
  if (replacedCopy) process.stdout.write(`Cơ sở dữ liệu cũ được giữ tại ${replacedCopy}\n`);
}

const DATA_DIR = ['--data-dir <dir>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)'] as const;
const OUT = [
  '--out <file>',
  'tệp sao lưu (mặc định <data>/backups/manual-<giờ>.sqlite, hoặc .age khi mã hóa)',
] as const;
const BACKUP_DESCRIPTION =
  'Sao lưu khi cửa hàng vẫn bán (SQLite online backup), kèm tệp SHA-256. Có mật khẩu sao lưu: tệp .age mã hóa, gồm cả khóa ký, chứng thư, mã PIN token và khóa kết nối trụ sở';
const RESTORE_DESCRIPTION =
  'Khôi phục từ một bản sao lưu đã kiểm tra (dừng hoadon serve trước); bản .age mã hóa khôi phục cả khóa ký và khóa kết nối trụ sở';

export function registerBackupCommands(program: Command): void {
  const backup = program
    .command('backup')
    .description(BACKUP_DESCRIPTION)
    .option(...OUT)
    .option(...DATA_DIR)
    .option(...PASSPHRASE)
    .action(backupNow);
  // `hoadon backup create` and `hoadon backup restore` are the same as `hoadon backup` and `hoadon restore`;
  // the options given after them are read by `backup` (their parent), hence the merge.
  backup
    .command('create')
    .description(BACKUP_DESCRIPTION)
    .action((_flags: BackupFlags, command: Command) => backupNow(command.optsWithGlobals<BackupFlags>()));
  backup
    .command('restore <file>')
    .description(RESTORE_DESCRIPTION)
    .action((file: string, _flags: BackupFlags, command: Command) =>
      restoreFrom(file, command.optsWithGlobals<BackupFlags>()),
    );

  program
    .command('restore <file>')
    .description(RESTORE_DESCRIPTION)
    .option(...DATA_DIR)
    .option(...PASSPHRASE)
    .action(restoreFrom);
}
