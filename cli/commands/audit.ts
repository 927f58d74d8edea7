import type { Command } from 'commander';
import { openNode } from '../../src/node.js';
import { configFrom } from '../run.js';

interface VerifyFlags {
  invoice?: string;
  dataDir?: string;
  json?: boolean;
}

export function registerAuditCommands(program: Command): void {
  const audit = program.command('audit').description('Nhật ký chống sửa đổi (chuỗi băm) của hóa đơn và thiết lập');

  audit
    .command('verify')
    .description('Tính lại mọi chuỗi băm (mã thoát 0: nguyên vẹn; 1: nêu bản ghi gãy đầu tiên)')
    .option('--invoice <mã>', 'chỉ kiểm tra hóa đơn này (hoặc settings:<tên>)')
    .option('--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .option('--json', 'in dạng JSON')
    .action(async (flags: VerifyFlags) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const report = node.services.audit.verify(flags.invoice);
        if (flags.json) process.stdout.write(`${JSON.stringify(report)}\n`);
        if (report.broken) {
          const { subject, seq, problem } = report.broken;
          process.stderr.write(`hoadon: chuỗi nhật ký bị sửa: ${subject} mục ${seq}: ${problem}\n`);
          process.exitCode = 1;
        } else if (!flags.json) {
          process.stdout.write(`Nhật ký nguyên vẹn: ${report.chains} chuỗi, ${report.entries} mục.\n`);
        }
      } finally {
        await node.close();
      }
    });
}
