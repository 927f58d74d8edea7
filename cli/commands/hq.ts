import type { Command } from 'commander';
import { loadHqConfig } from '../../sync/hq/hq-config.js';
import type { HqServices } from '../../sync/hq/hq-node.js';
import { openConfiguredHq } from '../../sync/hq/hq-open.js';
import { serveHq } from '../../sync/hq/hq-server.js';
import { registerMigrateToPostgres } from './hq-migrate.js';

const DATA_DIR = ['--data-dir <dir>', 'headquarters data directory (HOADON_HQ_DATA_DIR, default ./hq-data)'] as const;
const DATABASE_URL = [
  '--database-url <url>',
  "PostgreSQL instead of the data dir's SQLite file (HOADON_HQ_DATABASE_URL, postgres://…)",
] as const;

interface DatabaseFlags {
  dataDir?: string;
  databaseUrl?: string;
}

async function withAdmin<T>(flags: DatabaseFlags, work: (admin: HqServices['admin']) => Promise<T>): Promise<T> {
  const hq = await openConfiguredHq(loadHqConfig({ dataDir: flags.dataDir, databaseUrl: flags.databaseUrl }));
  try {
    return await work(hq.services.admin);
  } finally {
    await hq.close();
  }
}

/** Commander gives `--data-dir` to `hq` itself when it follows `hq store add`: read the flags of both. */
const globalFlags = <T>(command: Command) => command.optsWithGlobals<T & DatabaseFlags>();

export function registerHqCommands(program: Command): void {
  const hq = program
    .command('hq')
    .description('Run the headquarters sync endpoint (/sync/v1 for stores, /hq/v1 for the chain admin)')
    .option('--host <host>', 'address to listen on (HOADON_HQ_HOST, default 127.0.0.1)')
    .option('--port <port>', 'port (HOADON_HQ_PORT, default 9090)')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .option('--db-pool-size <n>', 'PostgreSQL connections per HQ process (HOADON_HQ_DB_POOL_SIZE, default 10)')
    .option('--log-level <level>', 'log level (HOADON_LOG_LEVEL, default info)')
    .action(async (flags: { host?: string; port?: string; dataDir?: string; logLevel?: string }) => {
      await serveHq(loadHqConfig(flags));
    });

  const store = hq.command('store').description('Stores allowed to sync with headquarters');

  store
    .command('add <storeId>')
    .description('Register a store and print its credential once (HQ keeps only a hash of it)')
    .requiredOption('--name <name>', 'name of the store')
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
    .description('List stores with their sync state')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .option('--json', 'print JSON')
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
    .description('Print a new credential for the store once; the old one keeps working for the grace period')
    .option('--grace-hours <hours>', 'how long the old secret stays valid (HOADON_HQ_ROTATION_GRACE_HOURS, default 24)')
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
    ['disable', true, "Refuse the store's pushes and pulls (403) until it is enabled; its data stays"],
    ['enable', false, 'Accept a disabled store again'],
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

  registerMigrateToPostgres(hq);
}
