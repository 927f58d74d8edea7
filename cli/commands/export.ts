/**
 * `hoadon export sales-ledger`: the accountant's ledger of a month, a quarter or a range written to a file
 * (or stdout with `-o -`), through the same service as GET /exports/sales-ledger; a progress bar on a terminal.
 */
import { createWriteStream } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import type { Command } from 'commander';
import { validationError } from '../../src/errors.js';
import { EXPORT_FORMATS, type ExportFormat, ledgerFileName } from '../../src/exports/exports.service.js';
import { parsePeriod } from '../../src/exports/period.js';
import { openNode } from '../../src/node.js';
import { configFrom } from '../run.js';

interface Flags {
  month?: string;
  quarter?: string;
  from?: string;
  to?: string;
  format: string;
  output?: string;
  dataDir?: string;
  tz?: string;
}

const BAR_WIDTH = 30;

/** A stream the writers may end, handing its bytes to stdout (which must not be ended). */
function toStdout(): Writable {
  const out = new PassThrough();
  out.pipe(process.stdout, { end: false });
  return out;
}

/** Redraws one line on a terminal's stderr at most every whole percent. */
function progressBar(stream: NodeJS.WriteStream): (share: number) => void {
  let shown = -1;
  return (share) => {
    const percent = Math.floor(share * 100);
    if (percent === shown) return;
    shown = percent;
    const done = Math.round((percent / 100) * BAR_WIDTH);
    stream.write(`\r[${'#'.repeat(done)}${' '.repeat(BAR_WIDTH - done)}] ${String(percent).padStart(3)} %`);
  };
}

export function registerExportCommands(program: Command): void {
  const exportCommand = program.command('export').description('Tệp cho kế toán');
  exportCommand
    .command('sales-ledger')
    .description('Bảng kê bán ra (03/DL-HĐĐT) của một tháng, một quý hoặc một khoảng ngày')
    .option('--month <YYYY-MM>', 'một tháng')
    .option('--quarter <YYYY-Qn>', 'một quý')
    .option('--from <YYYY-MM-DD>', 'ngày đầu của khoảng (cùng --to)')
    .option('--to <YYYY-MM-DD>', 'ngày cuối của khoảng, không quá 400 ngày sau --from')
    .option('--format <định-dạng>', `một trong: ${EXPORT_FORMATS.join(', ')}`, 'xlsx')
    .option('-o, --output <tệp>', 'tệp cần ghi, - để in ra màn hình (mặc định bang-ke-ban-ra-<kỳ>.<định-dạng>)')
    .option('--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .option('--tz <múi-giờ>', 'múi giờ cửa hàng (HOADON_TZ, mặc định Asia/Ho_Chi_Minh)')
    .action(async (flags: Flags) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(flags.format)) {
        throw validationError(`--format là một trong: ${EXPORT_FORMATS.join(', ')}.`);
      }
      const format = flags.format as ExportFormat;
      const period = parsePeriod(flags);
      if (!period.ok) throw validationError(period.message.replace(/\b(from|to|month|quarter)\b/g, '--$1'));
      const target = flags.output ?? ledgerFileName(period.period, format);
      const node = await openNode(configFrom({ dataDir: flags.dataDir, timeZone: flags.tz }));
      try {
        const out: Writable = target === '-' ? toStdout() : createWriteStream(target);
        const bar = process.stderr.isTTY && target !== '-' ? progressBar(process.stderr) : undefined;
        await node.services.exports.salesLedger(period.period, format, out, bar);
        if (bar) process.stderr.write('\n');
        if (target !== '-') process.stderr.write(`${target}\n`);
      } finally {
        await node.close();
      }
    });
}
