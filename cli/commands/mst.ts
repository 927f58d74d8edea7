import type { Command } from 'commander';
import { checkMst } from '../../src/domain/mst.js';
import { AppError } from '../../src/errors.js';
import { openNode } from '../../src/node.js';
import { configFrom } from '../run.js';

export function registerMstCommands(program: Command): void {
  const mst = program.command('mst').description('Mã số thuế');

  mst
    .command('check <mst>')
    .description('Kiểm tra dạng và chữ số kiểm tra, không cần mạng (mã thoát 0: hợp lệ; 1: không hợp lệ)')
    .action((raw: string) => {
      const result = checkMst(raw);
      if (result.ok) {
        process.stdout.write(`${result.mst}: hợp lệ\n`);
        return;
      }
      process.stdout.write(`${raw}: không hợp lệ (${result.rule}) — ${result.message}\n`);
      process.exitCode = 1;
    });

  mst
    .command('lookup <mst>')
    .description(
      'Tra cứu doanh nghiệp: danh bạ trong máy, rồi cơ quan thuế nếu đã cấu hình (mã thoát 1 khi không tìm thấy)',
    )
    .option('--json', 'in dạng JSON')
    .option('--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .action(async (raw: string, flags: { json?: boolean; dataDir?: string }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const found = await node.services.mst.lookup(raw);
        process.stdout.write(
          flags.json
            ? `${JSON.stringify(found)}\n`
            : `${found.mst}\t${found.name}\t${found.address}\t${found.status}\n`,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        process.stderr.write(`hoadon: ${error.message}\n`);
        process.exitCode = 1;
      } finally {
        await node.close();
      }
    });
}
