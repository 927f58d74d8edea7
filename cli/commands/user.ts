import type { Command } from 'commander';
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
  const user = program.command('user').description('Manage the users who can log in to this node');
  const dataDir = ['--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)'] as const;
  const stdin = ['--password-stdin', 'read the password from standard input'] as const;

  user
    .command('add <username>')
    .description(`Create a user (roles: ${ROLES.join(', ')})`)
    .requiredOption('--role <role>', 'admin, cashier or accountant')
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
    .description('List users')
    .option(...dataDir)
    .option('--json', 'print JSON')
    .action(async (flags: UserFlags & { json?: boolean }) => {
      const list = await withUsers(flags, (users) => users.list());
      if (flags.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      else
        for (const u of list) process.stdout.write(`${u.username}\t${u.role}\t${u.disabled ? 'disabled' : 'active'}\n`);
    });

  user
    .command('passwd <username>')
    .description('Set a new password')
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
      .command(`${name} <username>`)
      .description(
        disabled ? 'Stop a user from logging in (existing tokens stop working)' : 'Allow a disabled user again',
      )
      .option(...dataDir)
      .action(async (username: string, flags: UserFlags) => {
        await withUsers(flags, (users) => users.setDisabled(username, disabled));
        process.stdout.write(`${username}: ${disabled ? 'đã khóa' : 'đã mở khóa'}.\n`);
      });
  }
}
