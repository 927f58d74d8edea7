/** Medians over runs, each row beside the ceiling it names, the targets; printed and written to bench/results. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { median, type Options, type RunResult } from './harness.js';

export function report(runs: RunResult[], options: Options): void {
  const rows = runs[0]!.rows.map((first, i) => {
    const all = runs.map((r) => r.rows[i]!);
    return {
      scenario: first.scenario,
      vs: first.vs,
      reqPerSec: median(all.map((m) => m.reqPerSec)),
      p50: median(all.map((m) => m.p50)),
      p99: median(all.map((m) => m.p99)),
      rssMb: median(all.map((m) => m.rssMb)),
      errors: Math.max(...all.map((m) => m.errors + m.non2xx)),
    };
  });
  const goals = runs[0]!.goals.map((first, i) => {
    const value = median(runs.map((r) => r.goals[i]!.value));
    return { ...first, value, met: first.better === 'lower' ? value <= first.limit : value >= first.limit };
  });
  const ratio = (r: (typeof rows)[number]) => {
    const ceiling = r.vs ? rows.find((c) => c.scenario === r.vs)?.reqPerSec : undefined;
    return ceiling ? (r.reqPerSec / ceiling).toFixed(2) : '';
  };
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const groups = [...options.only].join(', ');
  const data = [
    options.only.has('api') ? `${options.invoices} invoices` : '',
    options.only.has('one-click') ? `${options.oneClickOrders} one-clicks per tax-authority state` : '',
    options.only.has('sync') ? `${options.syncInvoices} invoices queued for sync` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const header = `| scenario | req/s | × ceiling | p50 ms | p99 ms | RSS MB | errors |\n|---|---:|---:|---:|---:|---:|---:|`;
  const lines = rows.map(
    (r) =>
      `| ${r.scenario} | ${r.reqPerSec || ''} | ${ratio(r)} | ${r.p50 || ''} | ${r.p99 || ''} | ${r.rssMb || ''} | ${r.errors} |`,
  );
  const goalTable = goals.length
    ? `\n| target | value | limit | met |\n|---|---:|---:|---|\n${goals
        .map(
          (g) =>
            `| ${g.name} | ${g.value} ${g.unit} | ${g.better === 'lower' ? '≤' : '≥'} ${g.limit} ${g.unit} | ${g.met ? 'yes' : 'no'} |`,
        )
        .join('\n')}\n`
    : '';
  const markdown = `Machine: ${machine}\nScenarios: ${groups}. Data: ${data}; ${options.connections} connections, ${options.duration} s per timed scenario, median of ${options.runs} run(s); ${new Date().toISOString()}\n\n${header}\n${lines.join('\n')}\n${goalTable}`;
  console.log(`\n${markdown}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.md', markdown);
  writeFileSync(
    'bench/results/latest.json',
    JSON.stringify(
      { machine, options: { ...options, only: [...options.only] }, rows, goals, at: new Date().toISOString() },
      null,
      2,
    ),
  );
}
