/** `hoadon hq`: opens headquarters' database, listens, and shuts down cleanly on a signal. */
import { ensureDataDir } from '../../src/db/open.js';
import { listenAndAnnounce } from '../../src/http/listening.js';
import { closeOnSignal } from '../../src/http/shutdown.js';
import { buildHqApp } from './hq-app.js';
import { ensureAdminToken } from './hq-auth.js';
import type { HqConfig } from './hq-config.js';
import { openConfiguredHq } from './hq-open.js';

export async function serveHq(config: HqConfig): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const hq = await openConfiguredHq(config, log);
  // On PostgreSQL the data dir holds only the admin token file (unless HOADON_HQ_ADMIN_TOKEN is set).
  ensureDataDir(config.dataDir);
  const admin = ensureAdminToken(config.dataDir, config.adminToken);
  if (admin.createdFile) {
    process.stderr.write(`Lần chạy đầu tiên: mã quản trị trụ sở (admin token) lưu tại ${admin.createdFile}\n`);
  }
  const app = await buildHqApp(hq.services, {
    adminToken: admin.token,
    logLevel: config.logLevel,
    publicUrl: config.publicUrl,
  });

  closeOnSignal(app, () => hq.close());

  await listenAndAnnounce(app, { host: config.host, port: config.port });
  app.log.info({ database: hq.where }, 'headquarters database');
}
