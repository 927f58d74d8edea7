import type { Command } from 'commander';
import { loadHqConfig } from '../../sync/hq/hq-config.js';
import type { HqServices } from '../../sync/hq/hq-node.js';
import { openConfiguredHq } from '../../sync/hq/hq-open.js';
import { serveHq } from '../../sync/hq/hq-server.js';
import { DATA_DIR, DATABASE_URL, type DatabaseFlags, globalFlags } from './hq-flags.js';
import { registerMigrateToPostgres } from './hq-migrate.js';
import { registerHqUserCommands } from './hq-user.js';

async function withAdmin<T>(flags: DatabaseFlags, work: (admin: HqServices['admin']) => Promise<T>): Promise<T> {
  const hq = await openConfiguredHq(loadHqConfig({ dataDir: flags.dataDir, databaseUrl: flags.databaseUrl }));
  try {
    return await work(hq.services.admin);
  } finally {
    await hq.close();
  }
}

export function registerHqCommands(program: Command): void {
  const hq = program
    .command('hq')
    .description('Chạy máy chủ đồng bộ của trụ sở (/sync/v1 cho cửa hàng, /hq/v1 cho quản trị chuỗi)')
    .option('--host <địa-chỉ>', 'địa chỉ lắng nghe (HOADON_HQ_HOST, mặc định 127.0.0.1)')
    .option('--port <cổng>', 'cổng (HOADON_HQ_PORT, mặc định 9090)')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .option(
      '--db-pool-size <n>',
      'số kết nối PostgreSQL của mỗi tiến trình trụ sở (HOADON_HQ_DB_POOL_SIZE, mặc định 10)',
    )
    .option('--log-level <mức>', 'mức ghi nhật ký (HOADON_LOG_LEVEL, mặc định info)')
    .action(async (flags: { host?: string; port?: string; dataDir?: string; logLevel?: string }) => {
      await serveHq(loadHqConfig(flags));
    });

  const store = hq.command('store').description('Các cửa hàng được đồng bộ với trụ sở');

  store
    .command('add <storeId>')
    .description('Đăng ký một cửa hàng và in khóa truy cập của nó một lần (trụ sở chỉ giữ mã băm)')
    .requiredOption('--name <tên>', 'tên cửa hàng')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .action(async (storeId: string, _flags: unknown, command: Command) => {
      const flags = globalFlags<{ name: string }>(command);
      const added = await withAdmin(flags, (admin) => admin.addStore(storeId, flags.name));
      process.stdout.write(`Đã đăng ký cửa hàng ${added.storeId}. Thông tin xác thực (chỉ hiện một lần):\n`);
      process.stdout.write(`${added.credential}\n`);
    });

  store
    .command('list')
    .description('Liệt kê các cửa hàng và trạng thái đồng bộ')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .option('--json', 'in dạng JSON')
    .action(async (_flags: unknown, command: Command) => {
      const flags = globalFlags<{ json?: boolean }>(command);
      const list = await withAdmin(flags, (admin) => admin.listStores());
      if (flags.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      else {
        for (const s of list) {
          const lastPush = s.lastPushAt ?? '-';
          const state = s.disabledAt ? '\tdisabled' : '';
          process.stdout.write(
            `${s.id}\t${s.name}\tseq ${s.appliedThroughSeq}\tlast push ${lastPush}\t${s.invoiceCount} invoices${state}\n`,
          );
        }
      }
    });

  store
    .command('rotate <storeId>')
    .description('In một khóa truy cập mới cho cửa hàng (một lần); khóa cũ còn dùng được trong thời gian ân hạn')
    .option('--grace-hours <giờ>', 'số giờ khóa cũ còn hiệu lực (HOADON_HQ_ROTATION_GRACE_HOURS, mặc định 24)')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .action(async (storeId: string, _flags: unknown, command: Command) => {
      const flags = globalFlags<{ graceHours?: string }>(command);
      const { rotationGraceHours } = loadHqConfig({ ...flags, rotationGraceHours: flags.graceHours });
      const rotated = await withAdmin(flags, (admin) => admin.rotateCredential(storeId, rotationGraceHours * 3600_000));
      process.stdout.write(
        `Thông tin xác thực mới của cửa hàng ${rotated.storeId} (chỉ hiện một lần; mã cũ còn dùng được đến ${rotated.previousValidUntil}):\n`,
      );
      process.stdout.write(`${rotated.credential}\n`);
    });

  for (const [name, disabled, description] of [
    ['disable', true, 'Từ chối đồng bộ của cửa hàng (403) cho đến khi mở lại; dữ liệu được giữ nguyên'],
    ['enable', false, 'Nhận lại một cửa hàng đã tạm khóa'],
  ] as const) {
    store
      .command(`${name} <storeId>`)
      .description(description)
      .option(...DATA_DIR)
      .option(...DATABASE_URL)
      .action(async (storeId: string, _flags: unknown, command: Command) => {
        const changed = await withAdmin(globalFlags(command), (admin) => admin.setDisabled(storeId, disabled));
        process.stdout.write(`Cửa hàng ${changed.id}: ${changed.disabledAt ? 'đã tạm khóa' : 'đang hoạt động'}.\n`);
      });
  }

  registerHqUserCommands(hq);
  registerMigrateToPostgres(hq);
}
