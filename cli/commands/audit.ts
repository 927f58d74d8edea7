import type { Command } from 'commander';
import { openNode } from '../../src/node.js';
import { configFrom } from '../run.js';

interface VerifyFlags {
  invoice?: string;
  dataDir?: string;
  json?: boolean;
}

export function registerAuditCommands(program: Command): void {
  const audit = program.command('audit').description('The tamper-evident audit trail of invoices and settings');

  audit
    .command('verify')
    .description('Recompute every hash chain (exit 0 intact, 1 naming the first broken entry)')
    .option('--invoice <id>', 'verify only this invoice (or settings:<name>)')
    .option('--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)')
    .option('--json', 'print JSON')
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
