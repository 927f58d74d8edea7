import type { Command } from 'commander';
import { loadTaxSimOptions, serveTaxSim } from '../../src/tax-sim/tax-sim.server.js';

interface TaxSimFlags {
  host?: string;
  port?: string;
  dataDir?: string;
  logLevel?: string;
  latencyMs?: string;
  errorRate?: string;
  resetRate?: string;
  timeout?: boolean;
  rejectAll?: boolean;
  rejectNext?: string;
  rejectReason?: string;
  commitThenDrop?: boolean;
  outageSeconds?: string;
  replyDelayMs?: string;
}

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));

export function registerTaxSimCommand(program: Command): void {
  program
    .command('tax-sim')
    .description(
      'Chạy cơ quan thuế mô phỏng (thông điệp hóa đơn, tra cứu MST) có thể gây lỗi giả, để kiểm thử và trình diễn',
    )
    .option('--host <địa-chỉ>', 'địa chỉ lắng nghe (HOADON_HOST, mặc định 127.0.0.1)')
    .option('--port <cổng>', 'cổng (HOADON_PORT, mặc định 8090)')
    .option('--data-dir <thư-mục>', 'lưu các trả lời vào <thư-mục>/tax-sim.sqlite (mặc định: trong bộ nhớ)')
    .option('--log-level <mức>', 'mức ghi nhật ký (HOADON_LOG_LEVEL, mặc định info)')
    .option('--latency-ms <ms>', 'làm chậm mọi yêu cầu')
    .option('--error-rate <x>', 'trả lời HTTP 500 cho tỉ lệ yêu cầu này (0–1)')
    .option('--reset-rate <x>', 'cắt kết nối của tỉ lệ yêu cầu này (0–1)')
    .option('--timeout', 'không bao giờ trả lời')
    .option('--reject-all', 'từ chối mọi thông điệp hóa đơn hợp lệ mới')
    .option('--reject-next <n>', 'từ chối n thông điệp hóa đơn hợp lệ mới tiếp theo')
    .option('--reject-reason <lý-do>', 'lý do kèm theo các lần từ chối cố ý')
    .option('--commit-then-drop', 'ghi nhận thông điệp và trả lời, rồi cắt kết nối mà không trả lời')
    .option('--outage-seconds <s>', 'từ chối mọi kết nối trong s giây đầu')
    .option('--reply-delay-ms <ms>', 'trả thông điệp nghiệp vụ sau thông điệp 999 chừng này mili giây (mặc định 1000)')
    .action(async (flags: TaxSimFlags) => {
      const faults = {
        latencyMs: number(flags.latencyMs),
        errorRate: number(flags.errorRate),
        resetRate: number(flags.resetRate),
        timeout: flags.timeout,
        rejectAll: flags.rejectAll,
        rejectNext: number(flags.rejectNext),
        rejectReason: flags.rejectReason,
        commitThenDrop: flags.commitThenDrop,
        outage: flags.outageSeconds === undefined ? undefined : { seconds: Number(flags.outageSeconds) },
      };
      const defined = Object.fromEntries(Object.entries(faults).filter(([, value]) => value !== undefined));
      await serveTaxSim(
        loadTaxSimOptions({
          host: flags.host,
          port: flags.port,
          dataDir: flags.dataDir,
          logLevel: flags.logLevel,
          replyDelayMs: flags.replyDelayMs,
          faults: defined,
        }),
      );
    });
}
