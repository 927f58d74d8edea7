/**
 * `node dist/bench.mjs profile …`: where one scenario's time goes. The node runs on a fresh copy of the data
 * set under `--cpu-prof`, takes two unmeasured seconds of the load and then the measured ones, stops, and the
 * profile is summed by function: self time (the frames the CPU was in) and total time (the frames on the
 * stack), the application's own frames first. The summary is what docs/performance.md quotes.
 *
 *   node dist/bench.mjs profile --invoices 20000 --path '/invoices?buyerName=nguyen%20van%20an' --no-cache
 *   node dist/bench.mjs profile --invoices 20000 --post
 *
 * `--posts-first S` issues invoices for S seconds before the read is measured, as the API bench does (a read
 * then meets a day of thousands of sales, as after its POST scenarios). `--no-profile` runs the same
 * scenario without the profiler (whose sampling slows system calls) and prints only its rate: the A/B of a
 * change.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { preparedDataDir, requestRandom, threeLineInvoice, workingCopy } from './dataset.js';
import { login, settle, startProcess } from './harness.js';
import { threadCpuLines, threadTimes } from './thread-cpu.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FrameTime {
  frame: string;
  selfMs: number;
  totalMs: number;
}

const frameName = (node: ProfileNode): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? relative(process.cwd(), url.replace(/^file:\/\//, '')) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
};

/** Sums a V8 CPU profile by function: each sample's time to its own frame and once to every frame on its stack. */
export function framesOf(profile: CpuProfile, lastMs = Number.POSITIVE_INFINITY): FrameTime[] {
  const wholeMs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
  let atMs = 0;
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    atMs += ms;
    if (wholeMs - atMs >= lastMs) return;
    const leaf = byId.get(id);
    if (!leaf) return;
    self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  return [...total].map(([frame, totalMs]) => ({ frame, totalMs, selfMs: self.get(frame) ?? 0 }));
}

const withoutNoCache = ({ 'cache-control': _, ...headers }: Record<string, string>) => headers;

function option(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function profileScenario(argv: string[]): Promise<void> {
  const invoices = Number(option(argv, '--invoices') ?? 20_000);
  const seconds = Number(option(argv, '--seconds') ?? 5);
  const connections = Number(option(argv, '--connections') ?? 50);
  const post = argv.includes('--post');
  const path = option(argv, '--path') ?? '/invoices';
  const postsFirst = Number(option(argv, '--posts-first') ?? 0);
  const profiled = !argv.includes('--no-profile');
  const out = join('bench', 'profiles', `${Date.now()}`);
  if (profiled) mkdirSync(out, { recursive: true });
  const dataDir = workingCopy(await preparedDataDir(join('bench', '.data', String(invoices)), invoices, false));
  const node = await startProcess(
    'node',
    [...(profiled ? ['--cpu-prof', `--cpu-prof-dir=${out}`] : []), 'dist/hoadon.mjs', 'serve'],
    { HOADON_DATA_DIR: dataDir },
    '/api/v1/health',
  );
  let result: autocannon.Result;
  let threads: string[] = [];
  try {
    const token = await login(node.base);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    if (argv.includes('--no-cache')) headers['cache-control'] = 'no-cache';
    const next = requestRandom();
    const issuing: autocannon.Options = {
      url: `${node.base}/api/v1/invoices`,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'x-idempotency-key': randomUUID() },
            body: threeLineInvoice(next),
          }),
        },
      ],
    };
    if (postsFirst > 0) {
      await autocannon({ connections, duration: postsFirst, ...issuing, headers: withoutNoCache(headers) });
      await settle(node);
    }
    const request: autocannon.Options = post ? issuing : { url: `${node.base}/api/v1${path}`, headers };
    await autocannon({ connections, duration: 2, ...request });
    const pid = node.child.pid as number;
    const [before, from, ownFrom] = [threadTimes(pid), performance.now(), process.cpuUsage()];
    result = await autocannon({ connections, duration: seconds, ...request });
    const elapsed = (performance.now() - from) / 1000;
    const own = process.cpuUsage(ownFrom);
    threads = [
      ...threadCpuLines(pid, before, threadTimes(pid), elapsed),
      `the load generator (autocannon, this process): ${((own.user + own.system) / 1e6 / elapsed).toFixed(2)} cores; the machine has ${availableParallelism()}`,
    ];
  } finally {
    await node.stop();
  }
  const scenario = `${post ? 'POST /invoices' : `GET ${path}`}${argv.includes('--no-cache') ? ' [no-cache]' : ''} at ${invoices} invoices: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;
  if (!profiled) {
    console.log(scenario);
    for (const line of threads) console.log(line);
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${out}`);
  // After invoices issued first, only the read's own seconds (and the node's stop) are summed.
  const frames = framesOf(
    JSON.parse(readFileSync(join(out, file), 'utf8')) as CpuProfile,
    postsFirst > 0 ? (seconds + 1) * 1000 : undefined,
  );
  const wall = frames.reduce((sum, f) => sum + f.selfMs, 0);
  const pct = (ms: number) => `${((100 * ms) / wall).toFixed(1)} %`;
  console.log(`${scenario}; profile ${join(out, file)}`);
  const top = (key: 'selfMs' | 'totalMs', n: number) =>
    [...frames]
      .sort((a, b) => b[key] - a[key])
      .slice(0, n)
      .map((f) => `  ${pct(f[key]).padStart(7)}  ${f.frame}`)
      .join('\n');
  console.log(`self time (whole profile ${Math.round(wall)} ms, idle included):\n${top('selfMs', 25)}`);
  console.log(`total time:\n${top('totalMs', 40)}`);
  rmSync(dataDir, { recursive: true, force: true });
}
