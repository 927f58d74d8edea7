/**
 * The accountant's exports on 1,000,000 invoices (bench/exports-dataset.ts): a month of 100,000 and the
 * year, in each format, through a real `hoadon serve` over HTTP: seconds, ledger rows per second and the
 * node's peak RSS, beside a ceiling measured in the same run (the same rows read by the same SQL and
 * written by the same library without layout, HTTP or yielding, by this bare script). Then POST /invoices'
 * p99 without an export and during a year's export.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import { EXPORT_FORMATS, type ExportFormat } from '../src/exports/exports.service.js';
import { openLedgerSnapshot, periodParams } from '../src/exports/ledger.repository.js';
import { monthPeriod, type Period, rangePeriod } from '../src/exports/period.js';
import { ledgerGroupOrder, ledgerRow } from '../src/exports/sales-ledger.js';
import { createPdf } from '../src/pdf/pdf-document.js';
import { requestRandom, threeLineInvoice } from './dataset.js';
import { EXPORT_MONTH, EXPORT_YEAR, exportsDataDir } from './exports-dataset.js';
import { type Goal, login, type Measurement, type Options, row, rssMb, settle, startProcess } from './harness.js';

const TIME_ZONE = 'Asia/Ho_Chi_Minh';
const PERIODS: [string, Period][] = [
  [`month ${EXPORT_MONTH.invoices.toLocaleString('en')}`, monthPeriod(EXPORT_MONTH.month)],
  [`year ${EXPORT_YEAR.invoices.toLocaleString('en')}`, rangePeriod(EXPORT_YEAR.from, EXPORT_YEAR.to)],
];
/**
 * `--export-formats csv,xlsx` measures only those, `--export-year-formats` only those for the year (the
 * year's PDF alone takes many minutes on a loaded machine).
 */
function formatsToMeasure(argv: readonly string[], flag: string): ExportFormat[] {
  const i = argv.indexOf(flag);
  if (i < 0) return flag === '--export-formats' ? [...EXPORT_FORMATS] : formatsToMeasure(argv, '--export-formats');
  return (argv[i + 1] ?? '')
    .split(',')
    .filter((f): f is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(f));
}

/** Peak RSS of the node during the year's export (the issue's goal). */
const RSS_GOAL_MB = 250;

export interface ExportFigure {
  scenario: string;
  seconds: number;
  rows: number;
  rowsPerSec: number;
  peakRssMb: number;
  /** The node's RSS when the export was asked for. */
  startRssMb: number;
  bytes: number;
  ceilingSeconds: number;
  ceilingRowsPerSec: number;
}

/** The ceiling: the ledger's rows, read by the product's SQL, written by the format's library alone. */
async function ceiling(dataDir: string, period: Period, format: ExportFormat, file: string): Promise<number> {
  const snapshot = openLedgerSnapshot(join(dataDir, 'hoadon.sqlite'));
  const params = periodParams(period, TIME_ZONE);
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve) => out.once('finish', () => resolve()));
  let rows = 0;
  const eachRow = (write: (values: (string | number)[]) => void) => {
    for (const rate of ledgerGroupOrder(snapshot.repository.ratesOf(params))) {
      for (const item of snapshot.repository.entriesAt(params, rate)) {
        if (item === null) continue;
        const r = ledgerRow(item.entry, ++rows);
        write([
          r.stt,
          r.kind,
          r.mauSo,
          r.kyHieu,
          r.number,
          r.issueDate,
          r.buyerName,
          r.buyerMst,
          r.amount,
          r.taxAmount,
          r.note,
        ]);
      }
    }
  };
  if (format === 'csv' || format === 'json') {
    let buffer = '';
    eachRow((values) => {
      buffer += format === 'csv' ? `${values.join(',')}\n` : `${JSON.stringify(values)},`;
      if (buffer.length > 65_536) {
        out.write(buffer);
        buffer = '';
      }
    });
    out.end(buffer);
  } else if (format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as Writable });
    const sheet = workbook.addWorksheet('rows');
    eachRow((values) => sheet.addRow(values).commit());
    await workbook.commit();
  } else {
    const doc = await createPdf({
      size: [841.89, 595.28],
      margin: 28,
      title: 'ceiling',
      author: 'bench',
      createdAt: new Date(0),
    });
    doc.pipe(out);
    let y = 28;
    doc.fontSize(7);
    eachRow((values) => {
      if (y > 550) {
        doc.addPage({ size: [841.89, 595.28], margin: 28 });
        y = 28;
      }
      doc.text(values.join('  '), 28, y, { lineBreak: false });
      y += 12;
    });
    doc.end();
  }
  await done;
  snapshot.close();
  return rows;
}

/** One export over HTTP from the node, read to the end; the node's RSS sampled every 100 ms. */
async function exportOverHttp(base: string, token: string, pid: number, period: Period, format: ExportFormat) {
  const query = `from=${period.from}&to=${period.to}&format=${format}`;
  const startRssMb = Math.round(rssMb(pid));
  let peak = startRssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/exports/sales-ledger?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`export ${query}: ${response.status}`);
  return { seconds, bytes, startRssMb, peakRssMb: Math.round(Math.max(peak, rssMb(pid))) };
}

async function postP99(base: string, token: string, seconds: number): Promise<number> {
  const next = requestRandom();
  const result = await autocannon({
    url: `${base}/api/v1/invoices`,
    method: 'POST',
    connections: 4,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'x-idempotency-key': randomUUID() },
          body: threeLineInvoice(next),
        }),
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`POST /invoices: ${result.non2xx} answers not 2xx`);
  return result.latency.p99;
}

/** The table docs/performance.md shows. */
export function markdownTable(figures: readonly ExportFigure[], p99: { without: number; during: number }): string {
  const lines = [
    '| export | rows | s | rows/s | node RSS before → peak (MB) | file (MB) | ceiling s | ceiling rows/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.scenario} | ${f.rows} | ${f.seconds.toFixed(1)} | ${f.rowsPerSec} | ${f.startRssMb} → ${f.peakRssMb} | ${(f.bytes / 1e6).toFixed(1)} | ${f.ceilingSeconds.toFixed(1)} | ${f.ceilingRowsPerSec} |`,
    ),
    '',
    `POST /invoices p99 (4 connections): ${p99.without} ms without an export, ${p99.during} ms during the year's PDF export (${(p99.during / p99.without).toFixed(2)} ×).`,
  ];
  return lines.join('\n');
}

const startNode = (dataDir: string) =>
  startProcess('node', ['dist/hoadon.mjs', 'serve'], { HOADON_DATA_DIR: dataDir }, '/api/v1/health');

/** Each export on a node just started, so that its RSS is the export's and not what earlier load left. */
async function measureExport(dataDir: string, root: string, name: string, period: Period, format: ExportFormat) {
  const node = await startNode(dataDir);
  try {
    const measured = await exportOverHttp(node.base, await login(node.base), node.child.pid!, period, format);
    const started = performance.now();
    const rows = await ceiling(dataDir, period, format, join(root, `ceiling.${format}`));
    const ceilingSeconds = (performance.now() - started) / 1000;
    const figure: ExportFigure = {
      scenario: `sales ledger, ${name} invoices, ${format}`,
      ...measured,
      rows,
      rowsPerSec: Math.round(rows / measured.seconds),
      ceilingSeconds,
      ceilingRowsPerSec: Math.round(rows / ceilingSeconds),
    };
    console.log(
      `  ${figure.scenario}: ${figure.seconds.toFixed(1)} s, ${figure.rowsPerSec} rows/s, ${figure.startRssMb} → ${figure.peakRssMb} MB (ceiling ${ceilingSeconds.toFixed(1)} s)`,
    );
    return figure;
  } finally {
    await node.stop();
  }
}

/** POST /invoices' p99 on a fresh node, then during a year's PDF export on it. */
async function measureTill(dataDir: string, seconds: number) {
  const node = await startNode(dataDir);
  try {
    const token = await login(node.base);
    // Each measurement after the node has sent the invoices of the one before (signing them is its work too).
    await settle(node);
    const without = await postP99(node.base, token, seconds);
    await settle(node);
    const year = PERIODS[1]![1];
    const abort = new AbortController();
    const running = fetch(`${node.base}/api/v1/exports/sales-ledger?from=${year.from}&to=${year.to}&format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    }).then(async (r) => {
      for await (const _ of r.body as AsyncIterable<Uint8Array>);
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const during = await postP99(node.base, token, seconds);
    abort.abort();
    await running.catch(() => {});
    console.log(`  POST /invoices p99: ${without} ms without an export, ${during} ms during one`);
    return { without, during };
  } finally {
    await node.stop();
  }
}

export async function benchExports(
  options: Options,
  root: string,
): Promise<{ rows: Measurement[]; goals: Goal[]; figures: ExportFigure[]; p99: { without: number; during: number } }> {
  const dataDir = await exportsDataDir(root, options.fresh);
  const figures: ExportFigure[] = [];
  for (const [index, [name, period]] of PERIODS.entries()) {
    for (const format of formatsToMeasure(process.argv, index === 0 ? '--export-formats' : '--export-year-formats')) {
      figures.push(await measureExport(dataDir, root, name, period, format));
    }
  }
  const p99 = await measureTill(dataDir, options.duration);
  console.log(markdownTable(figures, p99));
  const yearPeak = Math.max(...figures.filter((f) => f.scenario.includes('year')).map((f) => f.peakRssMb));
  return {
    figures,
    p99,
    rows: figures.map((f) =>
      row(f.scenario, { reqPerSec: f.rowsPerSec, rssMb: f.peakRssMb, vs: `ceiling: ${f.ceilingRowsPerSec} rows/s` }),
    ),
    goals: [
      {
        name: 'node peak RSS exporting 1,000,000 invoices',
        value: yearPeak,
        unit: 'MB',
        limit: RSS_GOAL_MB,
        better: 'lower',
      },
      {
        name: 'POST /invoices p99 during an export / without',
        value: Number((p99.during / p99.without).toFixed(2)),
        unit: '×',
        limit: 1.2,
        better: 'lower',
      },
    ],
  };
}
