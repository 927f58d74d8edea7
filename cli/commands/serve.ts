import type { Command } from 'commander';
import { serve } from '../../src/server.js';
import { configFrom } from '../run.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the store node (HTTP API on /api/v1)')
    .option('--host <host>', 'address to listen on (HOADON_HOST, default 127.0.0.1; 0.0.0.0 for the shop LAN)')
    .option('--port <port>', 'port (HOADON_PORT, default 8080)')
    .option('--data-dir <dir>', 'data directory (HOADON_DATA_DIR, default ./data)')
    .option('--log-level <level>', 'log level (HOADON_LOG_LEVEL, default info)')
    .option('--tz <zone>', 'store time zone (HOADON_TZ, default Asia/Ho_Chi_Minh)')
    .action(async (flags: { host?: string; port?: string; dataDir?: string; logLevel?: string; tz?: string }) => {
      await serve(configFrom({ ...flags, timeZone: flags.tz }));
    });
}
