/** `hoadon hq migrate-to-postgres`: a SQLite HQ copied into PostgreSQL, then both sides compared per store. */
import type { Command } from 'commander';
import { openHq } from '../../sync/hq/hq-node.js';
import { migrateToPostgres, type StoreComparison } from '../../sync/hq/pg/migrate-to-postgres.js';
import { createPool } from '../../sync/hq/pg/pg-hq-node.js';

const BAR_WIDTH = 30;

/** A bar redrawn in place on a terminal; a line per table otherwise (a log, a pipe). */
function progressPrinter(stream: NodeJS.WriteStream) {
  let lastTable = '';
  return (copied: number, total: number, table: string) => {
    if (stream.isTTY) {
      const done = total === 0 ? 1 : copied / total;
      const filled = Math.round(done * BAR_WIDTH);
      stream.write(
        `\r[${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${(done * 100).toFixed(0).padStart(3)}% ${copied.toLocaleString('vi-VN')}/${total.toLocaleString('vi-VN')} dòng · ${table.padEnd(16)}`,
      );
      if (copied === total && table === 'products') stream.write('\n');
    } else if (table !== lastTable) {
      stream.write(`Đang chép ${table} (${copied}/${total} dòng)…\n`);
    }
    lastTable = table;
  };
}

function printComparison(rows: StoreComparison[]): void {
  process.stdout.write(
    'cửa hàng\tbản ghi SQLite\tbản ghi PostgreSQL\thóa đơn SQLite\thóa đơn PostgreSQL\tsha256 SQLite\tsha256 PostgreSQL\tkhớp\n',
  );
  for (const r of rows) {
    process.stdout.write(
      `${r.storeId}\t${r.sqlite.count}\t${r.postgres.count}\t${r.sqlite.invoices}\t${r.postgres.invoices}\t${r.sqlite.sha256}\t${r.postgres.sha256}\t${r.same ? 'có' : 'KHÔNG'}\n`,
    );
  }
}

export function registerMigrateToPostgres(hq: Command): void {
  hq.command('migrate-to-postgres')
    .description(
      'Chép trụ sở SQLite (đã dừng) sang một cơ sở dữ liệu PostgreSQL trống và so sánh từng cửa hàng ở hai bên',
    )
    .requiredOption('--from <thư-mục>', 'thư mục dữ liệu của trụ sở SQLite')
    .requiredOption('--to <url>', 'cơ sở dữ liệu PostgreSQL, postgres://…')
    .option('--json', 'in kết quả so sánh dạng JSON')
    .action(async (flags: { from: string; to: string; json?: boolean }) => {
      const source = await openHq(flags.from);
      const pool = createPool(flags.to, 2);
      try {
        const rows = await migrateToPostgres(source.sqlite, pool, progressPrinter(process.stderr));
        if (flags.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        else printComparison(rows);
        if (rows.some((r) => !r.same)) {
          process.stderr.write('Hai bên KHÔNG khớp: đừng chuyển trụ sở sang PostgreSQL; hãy báo lỗi kèm bảng trên.\n');
          process.exitCode = 1;
        } else {
          process.stderr.write(`Đã chép ${rows.length} cửa hàng; hai bên khớp từng cửa hàng.\n`);
        }
      } finally {
        await pool.end();
        source.close();
      }
    });
}
