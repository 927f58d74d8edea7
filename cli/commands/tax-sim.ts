import type { Command } from 'commander';
import { serveTaxSim, loadTaxSimOptions } from '../../src/tax-sim/tax-sim.server.js';

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
      'Run a simulated tax authority (invoice messages, MST look-up) with injectable faults, for tests and demos',
    )
    .option('--host <host>', 'address to listen on (HOADON_HOST, default 127.0.0.1)')
    .option('--port <port>', 'port (HOADON_PORT, default 8090)')
    .option('--data-dir <dir>', 'keep the answers in <dir>/tax-sim.sqlite (default: in memory)')
    .option('--log-level <level>', 'log level (HOADON_LOG_LEVEL, default info)')
    .option('--latency-ms <ms>', 'delay every request')
    .option('--error-rate <x>', 'answer this share of requests (0–1) with HTTP 500')
    .option('--reset-rate <x>', 'destroy the connection of this share of requests (0–1)')
    .option('--timeout', 'never answer')
    .option('--reject-all', 'reject every new valid invoice message')
    .option('--reject-next <n>', 'reject the next n new valid invoice messages')
    .option('--reject-reason <text>', 'reason given with forced rejections')
    .option('--commit-then-drop', 'record each message and its answer, then drop the connection without replying')
    .option('--outage-seconds <s>', 'refuse every connection for the first s seconds')
    .option('--reply-delay-ms <ms>', 'make TDiep business replies visible this long after the 999 (default 1000)')
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
