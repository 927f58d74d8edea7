/** `hoadon serve`: opens the node, listens, runs its periodic jobs, and shuts down cleanly on a signal. */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { PID_FILE } from './backup/backup.service.js';
import type { NodeConfig } from './config.js';
import { listenAndAnnounce } from './http/listening.js';
import { closeOnSignal } from './http/shutdown.js';
import { periodicJobs } from './jobs.js';
import { openNode } from './node.js';

const JOBS_START_DELAY_MS = 500;

export async function serve(config: NodeConfig): Promise<void> {
  const node = await openNode(config);
  const { services } = node;
  const pidFile = join(config.dataDir, PID_FILE);
  if (node.generatedPasswordFile) {
    process.stderr.write(
      `Lần chạy đầu tiên: đã tạo người dùng "admin" với mật khẩu ngẫu nhiên, lưu tại ${node.generatedPasswordFile}\n`,
    );
  }
  const app = await buildApp(services, { logLevel: config.logLevel });
  services.sync.logTo((line) => app.log.info(line));

  const timers: NodeJS.Timeout[] = [];
  closeOnSignal(app, async () => {
    for (const timer of timers) clearInterval(timer);
    // A transmission pass over a large backlog runs for minutes: it ends with the messages in hand.
    await Promise.all([services.transmission.worker.stop(), services.sync.idle()]);
    await node.close();
    rmSync(pidFile, { force: true });
  });

  services.listening(await listenAndAnnounce(app, { host: config.host, port: config.port }));
  // `hoadon restore` refuses to swap the database under a running node: this file tells it one runs.
  writeFileSync(pidFile, String(process.pid), { mode: 0o600 });

  // The jobs start once the node answers, a moment later: the first requests (the service manager's health
  // check, tills reconnecting after a restart) are not held behind their catch-up work (about 20 ms).
  for (const job of periodicJobs(services)) {
    const run = async () => {
      try {
        const result = await job.run();
        app.log.debug({ job: job.name, result }, 'job done');
      } catch (err) {
        app.log.error({ err, job: job.name }, 'job failed');
      }
    };
    const first = () => {
      void run();
      timers.push(setInterval(run, job.everyMs).unref());
    };
    timers.push(setTimeout(first, JOBS_START_DELAY_MS).unref());
  }
}
