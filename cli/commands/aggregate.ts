import type { Command } from 'commander';
import { isCalendarDate } from '../../src/domain/calendar.js';
import { taxGroupLabel } from '../../src/domain/tax-breakdown.js';
import { validationError } from '../../src/errors.js';
import { openNode } from '../../src/node.js';
import { quantitiesText } from '../../src/reports/day-figures.js';
import { configFrom } from '../run.js';

export function registerAggregateCommand(program: Command): void {
  program
    .command('aggregate')
    .description('In tổng hợp một ngày theo giờ cửa hàng (mặc định hôm nay), đọc thẳng từ cơ sở dữ liệu')
    .option('--date <YYYY-MM-DD>', 'ngày cần xem')
    .option('--json', 'in dạng JSON')
    .option('--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .option('--tz <múi-giờ>', 'múi giờ cửa hàng (HOADON_TZ, mặc định Asia/Ho_Chi_Minh)')
    .action(async (flags: { date?: string; json?: boolean; dataDir?: string; tz?: string }) => {
      if (flags.date !== undefined && !isCalendarDate(flags.date)) throw validationError('--date có dạng YYYY-MM-DD.');
      const node = await openNode(configFrom({ dataDir: flags.dataDir, timeZone: flags.tz }));
      try {
        const { reports } = node.services;
        const aggregate = reports.aggregate(flags.date ?? reports.today());
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(aggregate)}\n`);
          return;
        }
        process.stdout.write(
          `Ngày ${aggregate.date}: ${aggregate.invoiceCount} hóa đơn, ${quantitiesText(aggregate.quantitiesByUnit)}, ` +
            `tổng tiền ${aggregate.totalAmount.toLocaleString('vi-VN')} đ\n`,
        );
        for (const group of aggregate.byRate) {
          const vnd = (n: number) => n.toLocaleString('vi-VN');
          process.stdout.write(
            `  ${taxGroupLabel(group.taxGroup)}: chưa thuế ${vnd(group.amount)} đ, thuế ${vnd(group.tax)} đ, cộng ${vnd(group.total)} đ\n`,
          );
        }
      } finally {
        await node.close();
      }
    });
}
