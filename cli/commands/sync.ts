import type { Command } from 'commander';
import { inTransaction } from '../../src/db/transaction.js';
import { validationError } from '../../src/errors.js';
import { openNode } from '../../src/node.js';
import { credentialFor, credentialPath, writeCredential } from '../../sync/store/credential.js';
import type { SyncPassResult } from '../../sync/store/store-sync.js';
import { configFrom, readStdin } from '../run.js';

const minutes = (seconds: number | null) => (seconds === null ? '—' : `${Math.round(seconds / 60)} phút`);

function describePass(result: SyncPassResult): string {
  if ('notConfigured' in result) return 'Chưa kết nối trụ sở: hãy chạy `hoadon sync connect`.';
  if (!result.ok) return `Đồng bộ thất bại: ${result.error}`;
  const { pulled } = result;
  const refused = pulled.refused.length ? `; ${pulled.refused.length} mục không áp dụng được (xem thông báo)` : '';
  return `Đã gửi ${result.pushed} thay đổi (trụ sở đã có đến seq ${result.pushedThroughSeq}); nhận ${pulled.applied} mục, bỏ qua ${pulled.skipped}${refused}; con trỏ ${pulled.cursor}.`;
}

export function registerSyncCommands(program: Command): void {
  const sync = program.command('sync').description('Synchronisation with the chain’s headquarters (docs/sync.md)');
  const dataDir = ['--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)'] as const;

  sync
    .command('connect')
    .description(
      'Point the store at headquarters: url and store id in the config, the credential in <data>/hq-credential',
    )
    .requiredOption('--hq <url>', 'base URL of headquarters (hoadon hq)')
    .requiredOption('--store-id <id>', 'this store’s id at headquarters')
    .option('--credential-stdin', 'read the credential headquarters issued from standard input')
    .option('--interval <seconds>', 'seconds between sync passes', (v) => Number(v))
    .option(...dataDir)
    .action(
      async (flags: {
        hq: string;
        storeId: string;
        credentialStdin?: boolean;
        interval?: number;
        dataDir?: string;
      }) => {
        if (!flags.credentialStdin)
          throw validationError('Cần --credential-stdin: thông tin xác thực không bao giờ được truyền trên dòng lệnh.');
        const credential = credentialFor(flags.storeId, await readStdin());
        const node = await openNode(configFrom({ dataDir: flags.dataDir }));
        try {
          const { settings, config } = node.services;
          const headquarters = {
            url: flags.hq,
            ...(flags.interval === undefined ? {} : { syncIntervalSeconds: flags.interval }),
          };
          inTransaction(node.services.sqlite, () =>
            settings.update('config', { storeId: flags.storeId, headquarters }, 'cli'),
          );
          writeCredential(config.dataDir, credential);
          process.stdout.write(
            `Cửa hàng ${flags.storeId} sẽ đồng bộ với ${flags.hq}; thông tin xác thực lưu tại ${credentialPath(config.dataDir)}.\n`,
          );
        } finally {
          await node.close();
        }
      },
    );

  sync
    .command('now')
    .description('One push and pull pass against headquarters, whether the node runs or not')
    .option(...dataDir)
    .option('--json', 'print JSON')
    .action(async (flags: { dataDir?: string; json?: boolean }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const result = await node.services.sync.runNow();
        process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : `${describePass(result)}\n`);
        if (!result.ok) process.exitCode = 'notConfigured' in result ? 2 : 1;
      } finally {
        await node.close();
      }
    });

  sync
    .command('status')
    .description('Pending changes, what headquarters holds, the pull cursor, the last success and error')
    .option(...dataDir)
    .option('--json', 'print JSON')
    .action(async (flags: { dataDir?: string; json?: boolean }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const s = node.services.sync.status();
        if (flags.json) process.stdout.write(`${JSON.stringify(s)}\n`);
        else {
          process.stdout.write(
            `${[
              `Trụ sở: ${s.url ?? '—'} (cửa hàng ${s.storeId}): ${s.state}`,
              `Chờ gửi: ${s.pendingOutbox} thay đổi (cũ nhất: ${minutes(s.oldestPendingAgeSeconds)}); trụ sở đã có đến seq ${s.pushedThroughSeq}; con trỏ nhận ${s.pullCursor}`,
              `Lần thành công gần nhất: ${s.lastSuccessAt ?? '—'}; lỗi gần nhất: ${s.lastError ? `${s.lastErrorAt} ${s.lastError}` : '—'}`,
            ].join('\n')}\n`,
          );
        }
      } finally {
        await node.close();
      }
    });
}
