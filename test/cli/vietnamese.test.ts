/** The CLI speaks Vietnamese: the help of every command, commander's own errors, a new user's role. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHoadon, runHoadonAsync } from '../support/processes.js';

/** Words of commander's English and of help texts that must not be left. */
const ENGLISH =
  /\b(Usage|Options|Commands|Arguments|display|help for|default|choices|the|and|of|for|with|print|directory|address|listen|Run|Create|List|Set|Copy|Replace)\b/;

/** The sub-commands a help text lists under "Lệnh:". */
function subcommands(help: string): string[] {
  const section = help.split('Lệnh:\n')[1] ?? '';
  return section
    .split('\n')
    .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}

/** Every command and its help, walking the tree of sub-commands (four processes at a time). */
async function allHelp(path: string[] = []): Promise<{ command: string; status: number | null; help: string }[]> {
  const run = await runHoadonAsync([...path, '--help']);
  const names = subcommands(run.stdout);
  const below: { command: string; status: number | null; help: string }[] = [];
  for (let i = 0; i < names.length; i += 4)
    for (const found of await Promise.all(names.slice(i, i + 4).map((name) => allHelp([...path, name]))))
      below.push(...found);
  return [{ command: path.join(' ') || 'hoadon', status: run.status, help: run.stdout }, ...below];
}

describe('the CLI in Vietnamese', () => {
  it('gives every command its help in Vietnamese', async () => {
    const helps = await allHelp();
    expect(helps.length).toBeGreaterThan(25);
    const english = helps
      .filter(({ status, help }) => status !== 0 || ENGLISH.test(help))
      .map(({ command, help }) => `${command}: ${ENGLISH.exec(help)?.[0] ?? 'no help'}`);
    expect(english).toEqual([]);
  }, 120_000);

  it.each([
    [['serv'], "lỗi: không có lệnh 'serv'\n(Có phải ý bạn là serve?)"],
    [['serve', '--bogus'], "lỗi: không có tùy chọn '--bogus'"],
    [['mst', 'check'], "lỗi: thiếu tham số bắt buộc 'mst'"],
    [['sync', 'connect'], "lỗi: thiếu tùy chọn bắt buộc '--hq <url>'"],
    [['serve', '--port'], "lỗi: tùy chọn '--port <cổng>' cần một giá trị"],
    [
      ['user', 'add', 'an', '--role', 'boss'],
      "lỗi: giá trị 'boss' của tùy chọn '--role <vai-trò>' không hợp lệ; chỉ được dùng: admin, cashier, accountant.",
    ],
    [['mst', 'check', '0100109106', 'thừa'], "lỗi: lệnh 'check' nhận 1 tham số nhưng có 2."],
  ])('says commander’s error for %j in Vietnamese', (args, message) => {
    const run = runHoadon(args);
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim()).toBe(message);
  });

  it('makes a new user a cashier when no role is given', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-cli-vi-'));
    try {
      const added = runHoadon(['user', 'add', 'thu-ngan', '--password-stdin', '--data-dir', dataDir], {
        input: 'mat-khau-thu-ngan\n',
      });
      expect(added.stdout, added.stderr).toContain('Đã tạo người dùng thu-ngan (cashier).');
      const list = runHoadon(['user', 'list', '--data-dir', dataDir]);
      expect(list.stdout).toMatch(/thu-ngan\tcashier\tđang dùng/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
