/**
 * A backup copied and hashed on a thread of its own, from its own read-only connection. On the node's
 * connection, SQLite's online backup copies 100 pages per turn of the event loop: at a million invoices
 * (4 GB) that took a fifth of the loop from the cashiers for minutes, and every commit meanwhile was
 * written to the copy too. Hashing 4 GB on the loop held it another few seconds.
 */
import { Worker } from 'node:worker_threads';
import { readAsset } from '../assets.js';
import { sqliteAddonPath } from '../db/native-binding.js';

/** Built by scripts/build.mjs (and into the executable by scripts/build-binary.mjs) from backup.worker.ts. */
export const BACKUP_WORKER_SCRIPT = 'dist/backup-worker.cjs';

export interface BackupJob {
  source: string;
  file: string;
  addonPath: string;
}

type Answer = { sha256: string; error?: undefined } | { error: string };

/** Copies the database at `source` to `file` (complete or absent: written aside, then renamed); answers its SHA-256. */
export function backupOnThread(source: string, file: string): Promise<string> {
  const job: BackupJob = { source, file, addonPath: sqliteAddonPath() };
  const worker = new Worker(readAsset(BACKUP_WORKER_SCRIPT), {
    eval: true,
    workerData: job,
    // A page copy and a streamed hash need little memory; V8's default young generation alone is ~30 MB.
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 },
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.sha256);
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`luồng sao lưu đã dừng (mã ${code})`));
    });
  });
}
