/** `npx tsx bench/transmission-run.ts [--invoices N]`: the transmission curve on its own, as a Markdown table. */
import { benchTransmission } from './transmission.js';

const i = process.argv.indexOf('--invoices');
const invoices = i >= 0 ? Number(process.argv[i + 1]) : 2_000;
const s = process.argv.indexOf('--sizes');
const sizes = s >= 0 ? (process.argv[s + 1] ?? '').split(',').map(Number) : undefined;
const rows = await benchTransmission({ invoices, sizes });
console.log('| package size | invoices/s |\n|---:|---:|');
for (const r of rows) console.log(`| ${/of (\d+)/.exec(r.scenario)?.[1]} | ${r.reqPerSec} |`);
