/** `hoadon hq`: opens headquarters' data dir, listens, and shuts down cleanly on a signal. */
import { buildHqApp } from './hq-app.js';
import { ensureAdminToken } from './hq-auth.js';
import type { HqConfig } from './hq-config.js';
import { openHq } from './hq-node.js';

export async function serveHq(config: HqConfig): Promise<void> {
  const hq = openHq(config.dataDir);
  const admin = ensureAdminToken(config.dataDir, config.adminToken);
  if (admin.createdFile) {
    process.stderr.write(`Lần chạy đầu tiên: mã quản trị trụ sở (admin token) lưu tại ${admin.createdFile}\n`);
  }
  const app = await buildHqApp(hq.services, { adminToken: admin.token, logLevel: config.logLevel });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    hq.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}
