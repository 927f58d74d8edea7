/**
 * Sync push throughput: a store whose outbox holds N invoices (made through the services, so each one also
 * queued its customer and audit rows), a real `hoadon hq`, and `hoadon sync now` timed from spawn to exit
 * — the catch-up a store sees after an outage, process start included. Targets: ≥ 5,000 invoices/s, and a
 * backlog of 10,000 invoices caught up within 5 s. Ceiling: the same outbox rows committed to a fresh SQLite
 * file in batches of the push size (see rawSqliteBatchInsertsPerSecond).
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, openDatabaseFile } from '../src/db/open.js';
import { MAX_PUSH_RECORDS } from '../sync/protocol.js';
import { rawSqliteBatchInsertsPerSecond } from './ceilings.js';
import { preparedDataDir } from './dataset.js';
import {
  type Goal,
  type Measurement,
  type Options,
  type RunResult,
  row,
  rssMb,
  runHoadon,
  startProcess,
} from './harness.js';

const STORE_ID = 'bench-store';
/** The backlog the catch-up target speaks of. */
const CATCH_UP_INVOICES = 10_000;

function queuedCounts(dataDir: string): { invoices: number; records: number } {
  const sqlite = openDatabaseFile(join(dataDir, DATABASE_FILE), { readonly: true });
  const counts = sqlite
    .prepare(
      "SELECT count(*) AS records, coalesce(sum(kind = 'invoice'), 0) AS invoices FROM sync_outbox WHERE seq > coalesce((SELECT pushed_through_seq FROM sync_state WHERE id = 1), 0)",
    )
    .get() as { invoices: number; records: number };
  sqlite.close();
  return counts;
}

async function pushOnce(
  source: string,
  dataRoot: string,
): Promise<{ rows: Measurement[]; invoices: number; seconds: number; invoicesPerSec: number }> {
  const work = join(dataRoot, 'sync-store');
  const hqDir = join(dataRoot, 'sync-hq');
  rmSync(work, { recursive: true, force: true });
  rmSync(hqDir, { recursive: true, force: true });
  cpSync(source, work, { recursive: true });

  const added = await runHoadon([
    'hq',
    'store',
    'add',
    STORE_ID,
    '--name',
    'Cửa hàng đo hiệu năng',
    '--data-dir',
    hqDir,
  ]);
  const credential = added.stdout.split('\n').find((line) => line.startsWith(`${STORE_ID}.`));
  if (!credential) throw new Error('hoadon hq store add printed no credential');
  const hq = await startProcess(
    'hq',
    ['dist/hoadon.mjs', 'hq', '--port', '{port}', '--data-dir', hqDir],
    {},
    '/hq/v1/health',
  );
  try {
    await runHoadon(
      ['sync', 'connect', '--hq', hq.base, '--store-id', STORE_ID, '--credential-stdin', '--data-dir', work],
      {},
      credential,
    );
    // Counted after `connect`: its config change is audited, and the audit entry is queued too.
    const { invoices, records } = queuedCounts(work);
    const ceilingPerSec = rawSqliteBatchInsertsPerSecond(join(work, DATABASE_FILE), dataRoot) * (invoices / records);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(hq.child.pid!))), 100);
    const pass = await runHoadon(['sync', 'now', '--json', '--data-dir', work]).finally(() => clearInterval(sampler));
    const result = JSON.parse(pass.stdout) as { ok: boolean; pushed?: number };
    const status = JSON.parse((await runHoadon(['sync', 'status', '--json', '--data-dir', work])).stdout) as {
      pendingOutbox: number;
    };
    const errors = (result.ok ? 0 : 1) + status.pendingOutbox + Math.abs((result.pushed ?? 0) - records);
    const empty = await runHoadon(['sync', 'now', '--json', '--data-dir', work]);

    const seconds = pass.ms / 1000;
    const invoicesPerSec = Math.round(invoices / seconds);
    const ceiling = `sync ceiling: the same ${records} outbox rows committed raw to SQLite, ${MAX_PUSH_RECORDS} per transaction, synchronous=FULL (invoices/s equivalent)`;
    return {
      invoices,
      seconds,
      invoicesPerSec,
      rows: [
        row(ceiling, { reqPerSec: Math.round(ceilingPerSec) }),
        row(
          `sync push of ${invoices} queued invoices (${records} outbox rows): hoadon sync now → hoadon hq (invoices/s; p50 column = wall ms; RSS = hq)`,
          {
            reqPerSec: invoicesPerSec,
            p50: Math.round(pass.ms),
            rssMb: Math.round(peak),
            errors,
            vs: ceiling,
          },
        ),
        row('hoadon sync now, empty outbox (process start + empty pass; p50 column = wall ms)', {
          p50: Math.round(empty.ms),
        }),
      ],
    };
  } finally {
    await hq.stop();
    // Copies of a few hundred MB each at 100,000 invoices: the prepared source stays, the copies go.
    rmSync(work, { recursive: true, force: true });
    rmSync(hqDir, { recursive: true, force: true });
  }
}

export async function benchSync(options: Options, dataRoot: string): Promise<RunResult> {
  const sizes = [...new Set([CATCH_UP_INVOICES, options.syncInvoices])].sort((a, b) => a - b);
  const rows: Measurement[] = [];
  const measured: { invoices: number; seconds: number; invoicesPerSec: number }[] = [];
  for (const size of sizes) {
    const source = await preparedDataDir(join(dataRoot, `sync-${size}`), size, options.fresh);
    const once = await pushOnce(source, dataRoot);
    rows.push(...once.rows);
    measured.push(once);
  }
  const catchUp = measured[sizes.indexOf(CATCH_UP_INVOICES)]!;
  const largest = measured.at(-1)!;
  const goals: Goal[] = [
    {
      name: `sync push throughput (${largest.invoices} queued invoices)`,
      value: largest.invoicesPerSec,
      unit: 'invoices/s',
      limit: 5000,
      better: 'higher',
    },
    {
      name: `sync catch-up of ${catchUp.invoices} queued invoices (hoadon sync now, spawn to exit)`,
      value: Number(catchUp.seconds.toFixed(2)),
      unit: 's',
      limit: 5,
      better: 'lower',
    },
  ];
  return { rows, goals };
}
