import type { Command } from 'commander';
import { checkMst } from '../../src/domain/mst.js';
import { AppError } from '../../src/errors.js';
import { openNode } from '../../src/node.js';
import { configFrom } from '../run.js';

export function registerMstCommands(program: Command): void {
  const mst = program.command('mst').description('Vietnamese tax codes (mã số thuế)');

  mst
    .command('check <mst>')
    .description('Check the shape and the check digit, offline (exit 0 valid, 1 invalid)')
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
    .description('Find the business: local registry, then the tax authority when configured (exit 1 when unknown)')
    .option('--json', 'print JSON')
    .option('--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)')
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
