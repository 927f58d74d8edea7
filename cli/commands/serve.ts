import type { Command } from 'commander';
import { serve } from '../../src/server.js';
import { configFrom } from '../run.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Chạy máy chủ cửa hàng (API HTTP tại /api/v1, trang quản lý tại /)')
    .option('--host <địa-chỉ>', 'địa chỉ lắng nghe (HOADON_HOST, mặc định 127.0.0.1; 0.0.0.0 cho mạng nội bộ cửa hàng)')
    .option('--port <cổng>', 'cổng (HOADON_PORT, mặc định 8080)')
    .option('--data-dir <thư-mục>', 'thư mục dữ liệu (HOADON_DATA_DIR, mặc định ./data)')
    .option('--log-level <mức>', 'mức ghi nhật ký (HOADON_LOG_LEVEL, mặc định info)')
    .option('--tz <múi-giờ>', 'múi giờ cửa hàng (HOADON_TZ, mặc định Asia/Ho_Chi_Minh)')
    .action(async (flags: { host?: string; port?: string; dataDir?: string; logLevel?: string; tz?: string }) => {
      await serve(configFrom({ ...flags, timeZone: flags.tz }));
    });
}
