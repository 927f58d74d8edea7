/** `hoadon hq user …`: HQ's users (owner, accountant, manager of some stores), the same service as the console's. */
import { type Command, Option } from 'commander';
import { generatePassword } from '../../src/auth/passwords.js';
import { loadHqConfig } from '../../sync/hq/hq-config.js';
import type { HqServices } from '../../sync/hq/hq-node.js';
import { openConfiguredHq } from '../../sync/hq/hq-open.js';
import { HQ_ROLES, type HqRole } from '../../sync/hq/users.table.js';
import { readStdin } from '../run.js';
import { DATA_DIR, DATABASE_URL, type DatabaseFlags, globalFlags } from './hq-flags.js';

const ROLE_NAMES: Record<HqRole, string> = {
  owner: 'chủ chuỗi',
  accountant: 'kế toán',
  manager: 'quản lý cửa hàng',
};

async function withUsers<T>(flags: DatabaseFlags, work: (users: HqServices['users']) => Promise<T>): Promise<T> {
  const hq = await openConfiguredHq(loadHqConfig({ dataDir: flags.dataDir, databaseUrl: flags.databaseUrl }));
  try {
    return await work(hq.services.users);
  } finally {
    await hq.close();
  }
}

/** From stdin when asked (scripts), otherwise a random one printed once. */
async function newPassword(flags: { passwordStdin?: boolean }) {
  if (flags.passwordStdin) return { password: await readStdin(), generated: false };
  return { password: generatePassword(), generated: true };
}

export function registerHqUserCommands(hq: Command): void {
  const user = hq.command('user').description('Người dùng giao diện quản trị của trụ sở');
  const stdin = [
    '--password-stdin',
    'đọc mật khẩu từ đầu vào chuẩn (mặc định: tạo ngẫu nhiên và in ra một lần)',
  ] as const;

  user
    .command('add <tên-đăng-nhập>')
    .description('Tạo người dùng: owner (chủ chuỗi), accountant (kế toán) hoặc manager (quản lý các cửa hàng --stores)')
    .addOption(new Option('--role <vai-trò>', 'owner, accountant hoặc manager').choices(HQ_ROLES).makeOptionMandatory())
    .option('--stores <id,…>', 'các cửa hàng người quản lý được xem, cách nhau bằng dấu phẩy')
    .option(...stdin)
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .action(async (username: string, _flags: unknown, command: Command) => {
      const flags = globalFlags<{ role: HqRole; stores?: string; passwordStdin?: boolean }>(command);
      const { password, generated } = await newPassword(flags);
      const stores = flags.stores
        ?.split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      const created = await withUsers(flags, (users) => users.add({ username, role: flags.role, stores, password }));
      const where = created.stores.length > 0 ? `, cửa hàng ${created.stores.join(', ')}` : '';
      process.stdout.write(`Đã tạo người dùng ${created.username} (${ROLE_NAMES[created.role]}${where}).\n`);
      if (generated) process.stdout.write(`Mật khẩu (chỉ hiện một lần): ${password}\n`);
    });

  user
    .command('list')
    .description('Liệt kê người dùng của trụ sở')
    .option('--json', 'in dạng JSON')
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .action(async (_flags: unknown, command: Command) => {
      const flags = globalFlags<{ json?: boolean }>(command);
      const list = await withUsers(flags, (users) => users.list());
      if (flags.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      else
        for (const u of list)
          process.stdout.write(
            `${u.username}\t${u.role}\t${u.stores.join(',') || '-'}\t${u.disabled ? 'đã khóa' : 'đang dùng'}\n`,
          );
    });

  user
    .command('password <tên-đăng-nhập>')
    .description('Đặt mật khẩu mới (mọi phiên đăng nhập của người dùng kết thúc)')
    .option(...stdin)
    .option(...DATA_DIR)
    .option(...DATABASE_URL)
    .action(async (username: string, _flags: unknown, command: Command) => {
      const flags = globalFlags<{ passwordStdin?: boolean }>(command);
      const { password, generated } = await newPassword(flags);
      await withUsers(flags, (users) => users.setPassword(username, password));
      process.stdout.write(`Đã đổi mật khẩu của ${username}.\n`);
      if (generated) process.stdout.write(`Mật khẩu (chỉ hiện một lần): ${password}\n`);
    });

  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    user
      .command(`${name} <tên-đăng-nhập>`)
      .description(disabled ? 'Khóa người dùng (các phiên đăng nhập đang có kết thúc ngay)' : 'Mở khóa người dùng')
      .option(...DATA_DIR)
      .option(...DATABASE_URL)
      .action(async (username: string, _flags: unknown, command: Command) => {
        await withUsers(globalFlags(command), (users) => users.setDisabled(username, disabled));
        process.stdout.write(`${username}: ${disabled ? 'đã khóa' : 'đã mở khóa'}.\n`);
      });
  }
}
