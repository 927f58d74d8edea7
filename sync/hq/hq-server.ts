/** `hoadon hq`: opens headquarters' data dir, listens, and shuts down cleanly on a signal. */
import { listenAndAnnounce } from '../../src/http/listening.js';
import { closeOnSignal } from '../../src/http/shutdown.js';
import { buildHqApp } from './hq-app.js';
import { ensureAdminToken } from './hq-auth.js';
import type { HqConfig } from './hq-config.js';
import { openHq } from './hq-node.js';

export async function serveHq(config: HqConfig): Promise<void> {
  const hq = await openHq(config.dataDir);
  const admin = ensureAdminToken(config.dataDir, config.adminToken);
  if (admin.createdFile) {
    process.stderr.write(`Lần chạy đầu tiên: mã quản trị trụ sở (admin token) lưu tại ${admin.createdFile}\n`);
  }
  const app = await buildHqApp(hq.services, { adminToken: admin.token, logLevel: config.logLevel });

  closeOnSignal(app, () => hq.close());

  await listenAndAnnounce(app, { host: config.host, port: config.port });
}
