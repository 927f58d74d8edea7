/**
 * `npm run bench`: the node against its ceilings, same machine, same run. See bench/README.md.
 * The same bundle also runs the ceiling server in a child process (`bench.mjs ceiling <port> <dir>`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { benchApi, measureExecutable } from './api.js';
import { CEILING_ROUTES, rawSqliteCommitsPerSecond, startCeilingServer } from './ceilings.js';
import { preparedDataDir, requestRandom, threeLineInvoice, workingCopy } from './dataset.js';
import { benchExports } from './exports.js';
import { measure, type Options, type RunResult, row, startProcess } from './harness.js';
import { benchHq } from './hq.js';
import { benchOneClick } from './one-click.js';
import { profileScenario } from './profile.js';
import { report } from './report.js';
import { benchSync } from './sync.js';
import { benchTransmission } from './transmission.js';

const GROUPS = ['api', 'binary', 'one-click', 'sync', 'exports', 'hq', 'transmission'];
const DATA_ROOT = join('bench', '.data');

function parseOptions(argv: string[]): Options {
  const value = (flag: string, fallback: number) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const i = argv.indexOf('--only');
  const only = new Set(i >= 0 ? (argv[i + 1] ?? '').split(',').map((g) => g.trim()) : GROUPS);
  const unknown = [...only].filter((g) => !GROUPS.includes(g));
  if (unknown.length > 0 || only.size === 0)
    throw new Error(`--only takes a comma list of ${GROUPS.join(', ')}; got ${unknown.join(', ') || 'nothing'}`);
  return {
    invoices: value('--invoices', 1_000_000),
    duration: value('--duration', 5),
    runs: value('--runs', 1),
    connections: value('--connections', 50),
    fresh: argv.includes('--fresh'),
    only,
    oneClickOrders: value('--one-click-orders', 2_000),
    syncInvoices: value('--sync-invoices', 10_000),
  };
}

async function benchmarkOnce(options: Options, dataDir: string | undefined): Promise<RunResult> {
  const result: RunResult = { rows: [], goals: [] };
  if (options.only.has('api') || options.only.has('one-click')) {
    const ceiling = await startProcess(
      'ceiling',
      ['dist/bench.mjs', 'ceiling', '{port}', DATA_ROOT],
      {},
      CEILING_ROUTES.read,
    );
    try {
      const write = (path: string): autocannon.Options => ({
        url: `${ceiling.base}${path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: threeLineInvoice(requestRandom()),
      });
      const writeCeiling = await measure(
        'write ceiling (bare fastify + zod + 1 row, synchronous=FULL)',
        ceiling,
        write(CEILING_ROUTES.write),
        options,
      );
      result.rows.push(writeCeiling);
      if (dataDir) {
        // What any write that signs each invoice can do: the same route, the body signed with RSA-2048 first.
        const signingCeiling = await measure(
          'signing write ceiling (bare fastify + zod + RSA-2048 signature + 1 row, synchronous=FULL)',
          ceiling,
          write(CEILING_ROUTES.signedWrite),
          options,
        );
        result.rows.push(signingCeiling);
        const api = await benchApi(options, workingCopy(dataDir), ceiling, {
          bare: writeCeiling,
          signing: signingCeiling,
        });
        result.rows.push(...api.rows);
        result.goals.push(...api.goals);
      }
      if (options.only.has('one-click')) {
        const oneClick = await benchOneClick(options, DATA_ROOT, writeCeiling.scenario);
        result.rows.push(...oneClick.rows);
        result.goals.push(...oneClick.goals);
      }
    } finally {
      await ceiling.stop();
    }
  }
  if (options.only.has('binary')) result.rows.push(...(await measureExecutable()));
  if (options.only.has('api')) {
    result.rows.push(
      row('raw SQLite one-row commits/s (synchronous=FULL, no HTTP)', {
        reqPerSec: Math.round(rawSqliteCommitsPerSecond(DATA_ROOT)),
      }),
    );
  }
  if (options.only.has('exports')) {
    const exports = await benchExports(options, DATA_ROOT);
    result.rows.push(...exports.rows);
    result.goals.push(...exports.goals);
  }
  if (options.only.has('hq')) {
    const hq = await benchHq(options);
    result.rows.push(...hq.rows);
    result.goals.push(...hq.goals);
  }
  if (options.only.has('sync')) {
    const sync = await benchSync(options, DATA_ROOT);
    result.rows.push(...sync.rows);
    result.goals.push(...sync.goals);
  }
  if (options.only.has('transmission')) result.rows.push(...(await benchTransmission({ invoices: 1_000 })));
  return result;
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'ceiling') return startCeilingServer(Number(argv[1]), argv[2]!);
  if (argv[0] === 'profile') return profileScenario(argv.slice(1));
  const options = parseOptions(argv);
  mkdirSync(DATA_ROOT, { recursive: true });
  const dataDir = options.only.has('api')
    ? await preparedDataDir(join(DATA_ROOT, String(options.invoices)), options.invoices, options.fresh)
    : undefined;
  const runs: RunResult[] = [];
  for (let run = 1; run <= options.runs; run += 1) {
    console.log(`run ${run}/${options.runs}`);
    runs.push(await benchmarkOnce(options, dataDir));
  }
  report(runs, options);
}

await main(process.argv.slice(2));
