import type { Command } from 'commander';
import { inTransaction } from '../../src/db/transaction.js';
import { openNode } from '../../src/node.js';
import { configFrom } from '../run.js';

export function registerQueueCommands(program: Command): void {
  const queue = program.command('queue').description('Hàng đợi gửi hóa đơn cho cơ quan thuế');
  const dataDir = ['--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)'] as const;

  queue
    .command('status')
    .description('Số hóa đơn đang chờ, hóa đơn chờ lâu nhất, số đã được nhận hoặc bị từ chối')
    .option(...dataDir)
    .option('--json', 'in dạng JSON')
    .action(async (flags: { dataDir?: string; json?: boolean }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const { transmission } = node.services;
        const status = { ...transmission.worker.status(), byState: transmission.counts() };
        if (flags.json) process.stdout.write(`${JSON.stringify(status)}\n`);
        else {
          const age = status.oldestAgeSeconds === null ? '—' : `${Math.round(status.oldestAgeSeconds / 60)} phút`;
          process.stdout.write(
            `Đang chờ gửi: ${status.queued} (cũ nhất: ${age}); theo trạng thái: ${JSON.stringify(status.byState)}\n`,
          );
        }
      } finally {
        await node.close();
      }
    });

  queue
    .command('retry <invoiceId>')
    .description(
      'Gửi một hóa đơn đang chờ ở lượt kế tiếp thay vì đợi hết thời gian giãn cách, hoặc gửi lại một hóa đơn cần kiểm tra',
    )
    .option(...dataDir)
    .action(async (invoiceId: string, flags: { dataDir?: string }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const { transmission } = node.services;
        // An invoice in attention (a 204 neither accepted nor named it) leaves again in a new package.
        const retried = inTransaction(
          node.services.storage.sqlite,
          () => transmission.retryNow(invoiceId) || transmission.resend(invoiceId, 'cli'),
        );
        if (retried) process.stdout.write(`${invoiceId}: sẽ gửi ở lượt tiếp theo.\n`);
        else {
          process.stderr.write(
            `hoadon: ${invoiceId} không có trong hàng đợi (chưa có, đã được chấp nhận, hoặc bị từ chối: hãy lập hóa đơn thay thế).\n`,
          );
          process.exitCode = 1;
        }
      } finally {
        await node.close();
      }
    });
}
