import { type Command, Option } from 'commander';
import { generatePassword } from '../../src/auth/passwords.js';
import { ROLES, type Role } from '../../src/auth/roles.js';
import { openNode } from '../../src/node.js';
import { configFrom, readStdin } from '../run.js';

interface UserFlags {
  dataDir?: string;
  passwordStdin?: boolean;
}

async function withUsers<T>(
  flags: UserFlags,
  work: (users: Awaited<ReturnType<typeof openNode>>['services']['users']) => Promise<T> | T,
) {
  const node = await openNode(configFrom({ dataDir: flags.dataDir }));
  try {
    return await work(node.services.users);
  } finally {
    await node.close();
  }
}

/** From stdin when asked (scripts), otherwise a random one printed once. */
async function newPassword(flags: UserFlags): Promise<{ password: string; generated: boolean }> {
  if (flags.passwordStdin) return { password: await readStdin(), generated: false };
  return { password: generatePassword(), generated: true };
}

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('Quản lý người dùng được đăng nhập vào máy chủ này');
  const dataDir = ['--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)'] as const;
  const stdin = ['--password-stdin', 'đọc mật khẩu từ đầu vào chuẩn'] as const;

  user
    .command('add <tên-đăng-nhập>')
    .description(`Tạo người dùng (vai trò: ${ROLES.join(', ')}; mặc định cashier – thu ngân)`)
    .addOption(
      new Option('--role <vai-trò>', 'admin (quản trị), cashier (thu ngân) hoặc accountant (kế toán)')
        .choices(ROLES)
        .default('cashier'),
    )
    .option(...dataDir)
    .option(...stdin)
    .action(async (username: string, flags: UserFlags & { role: Role }) => {
      const { password, generated } = await newPassword(flags);
      const created = await withUsers(flags, (users) => users.add(username, flags.role, password));
      process.stdout.write(`Đã tạo người dùng ${created.username} (${created.role}).\n`);
      if (generated) process.stdout.write(`Mật khẩu: ${password}\n`);
    });

  user
    .command('list')
    .description('Liệt kê người dùng')
    .option(...dataDir)
    .option('--json', 'in dạng JSON')
    .action(async (flags: UserFlags & { json?: boolean }) => {
      const list = await withUsers(flags, (users) => users.list());
      if (flags.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      else
        for (const u of list)
          process.stdout.write(`${u.username}\t${u.role}\t${u.disabled ? 'đã khóa' : 'đang dùng'}\n`);
    });

  user
    .command('passwd <tên-đăng-nhập>')
    .description('Đặt mật khẩu mới')
    .option(...dataDir)
    .option(...stdin)
    .action(async (username: string, flags: UserFlags) => {
      const { password, generated } = await newPassword(flags);
      await withUsers(flags, (users) => users.setPassword(username, password));
      process.stdout.write(`Đã đổi mật khẩu của ${username}.\n`);
      if (generated) process.stdout.write(`Mật khẩu: ${password}\n`);
    });

  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    user
      .command(`${name} <tên-đăng-nhập>`)
      .description(disabled ? 'Khóa người dùng (các phiên đăng nhập đang có hết hiệu lực)' : 'Mở khóa người dùng')
      .option(...dataDir)
      .action(async (username: string, flags: UserFlags) => {
        await withUsers(flags, (users) => users.setDisabled(username, disabled));
        process.stdout.write(`${username}: ${disabled ? 'đã khóa' : 'đã mở khóa'}.\n`);
      });
  }
}
