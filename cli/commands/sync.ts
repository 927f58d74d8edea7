import type { Command } from 'commander';
import { storeTimeText } from '../../src/domain/calendar.js';
import { validationError } from '../../src/errors.js';
import { openNode } from '../../src/node.js';
import { checkHqUrl, credentialPath } from '../../sync/store/credential.js';
import type { SyncPassResult } from '../../sync/store/store-sync.js';
import { configFrom, readStdin } from '../run.js';

const minutes = (seconds: number | null) => (seconds === null ? '—' : `${Math.round(seconds / 60)} phút`);

function describePass(result: SyncPassResult): string {
  if ('notConfigured' in result) return 'Chưa kết nối trụ sở: hãy chạy `hoadon sync connect`.';
  if ('busy' in result) return `Tiến trình ${result.pid} đang đồng bộ với trụ sở: lượt đó gửi mọi thay đổi.`;
  if (!result.ok) return `Đồng bộ thất bại: ${result.error}`;
  const { pulled } = result;
  const refused = pulled.refused.length ? `; ${pulled.refused.length} mục không áp dụng được (xem thông báo)` : '';
  return `Đã gửi ${result.pushed} thay đổi (trụ sở đã có đến seq ${result.pushedThroughSeq}); nhận ${pulled.applied} mục, bỏ qua ${pulled.skipped}${refused}; con trỏ ${pulled.cursor}.`;
}

export function registerSyncCommands(program: Command): void {
  const sync = program.command('sync').description('Đồng bộ với trụ sở của chuỗi cửa hàng (docs/sync.md)');
  const dataDir = ['--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)'] as const;

  sync
    .command('connect')
    .description(
      'Kết nối cửa hàng với trụ sở: địa chỉ và mã cửa hàng vào cấu hình, khóa truy cập vào <dữ-liệu>/hq-credential',
    )
    .requiredOption('--hq <url>', 'địa chỉ gốc của trụ sở (hoadon hq)')
    .requiredOption('--store-id <mã>', 'mã của cửa hàng này tại trụ sở')
    .option('--credential-stdin', 'đọc khóa truy cập do trụ sở cấp từ đầu vào chuẩn')
    .option('--interval <giây>', 'số giây giữa hai lượt đồng bộ', (v) => Number(v))
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
        checkHqUrl(flags.hq);
        const credential = await readStdin();
        const node = await openNode(configFrom({ dataDir: flags.dataDir }));
        try {
          const { url, resync } = node.services.connectHq({
            url: flags.hq,
            storeId: flags.storeId,
            credential,
            ...(flags.interval === undefined ? {} : { intervalSeconds: flags.interval }),
          });
          const queued = resync ? ' Mọi dữ liệu của cửa hàng sẽ được gửi lên trụ sở ở các lần đồng bộ tới.' : '';
          process.stdout.write(
            `Cửa hàng ${flags.storeId} sẽ đồng bộ với ${url}; thông tin xác thực (chỉ dùng cho địa chỉ này) lưu tại ${credentialPath(node.services.config.dataDir)}.${queued}\n`,
          );
        } finally {
          await node.close();
        }
      },
    );

  sync
    .command('now')
    .description('Một lượt gửi và nhận với trụ sở, dù máy chủ đang chạy hay không')
    .option(...dataDir)
    .option('--json', 'in dạng JSON')
    .action(async (flags: { dataDir?: string; json?: boolean }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        node.services.sync.logTo((line) => process.stderr.write(`${line}\n`));
        const result = await node.services.sync.runNow();
        process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : `${describePass(result)}\n`);
        if (!result.ok) process.exitCode = 'notConfigured' in result ? 2 : 'busy' in result ? 3 : 1;
      } finally {
        await node.close();
      }
    });

  sync
    .command('resync')
    .description('Xếp lại toàn bộ dữ liệu của cửa hàng để gửi, cho trụ sở bị mất dữ liệu')
    .option(...dataDir)
    .action(async (flags: { dataDir?: string }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const { sync } = node.services;
        sync.logTo((line) => process.stderr.write(`${line}\n`));
        if (!sync.resync().configured) {
          process.stdout.write('Chưa kết nối trụ sở: hãy chạy `hoadon sync connect`.\n');
          process.exitCode = 2;
          return;
        }
        process.stdout.write(
          `Đồng bộ lại toàn bộ: khoảng ${sync.status().backfillPending} mục sẽ được gửi lại, bởi node đang chạy hoặc \`hoadon sync now\`.\n`,
        );
      } finally {
        await node.close();
      }
    });

  sync
    .command('status')
    .description('Thay đổi chờ gửi, dữ liệu trụ sở đang giữ, vị trí nhận, lần thành công và lỗi gần nhất')
    .option(...dataDir)
    .option('--json', 'in dạng JSON')
    .action(async (flags: { dataDir?: string; json?: boolean }) => {
      const node = await openNode(configFrom({ dataDir: flags.dataDir }));
      try {
        const s = node.services.sync.status();
        // Times in the store's local time; the JSON keeps the instants.
        const at = (iso: string | null | undefined) => (iso ? storeTimeText(iso, node.services.config.timeZone) : '—');
        if (flags.json) process.stdout.write(`${JSON.stringify(s)}\n`);
        else {
          process.stdout.write(
            `${[
              `Trụ sở: ${s.url ?? '—'} (cửa hàng ${s.storeId}): ${s.state}`,
              `Chờ gửi: ${s.pendingOutbox} thay đổi (cũ nhất: ${minutes(s.oldestPendingAgeSeconds)}); trụ sở đã có đến seq ${s.pushedThroughSeq}; con trỏ nhận ${s.pullCursor}`,
              `Lần thành công gần nhất: ${at(s.lastSuccessAt)}; lỗi gần nhất: ${s.lastError ? `${at(s.lastErrorAt)} ${s.lastError}` : '—'}`,
              ...(s.backfillPending > 0 || s.resyncing
                ? [
                    `Lịch sử chưa xếp hàng: khoảng ${s.backfillPending} mục${s.resyncing ? ' (đang đồng bộ lại toàn bộ)' : ''}`,
                  ]
                : []),
            ].join('\n')}\n`,
          );
        }
      } finally {
        await node.close();
      }
    });
}
