/**
 * A USB printer behind a queue of the operating system (docs/printing.md): the node hands the raw ESC/POS job
 * to `lp -d <queue> -o raw <file>`. CUPS does not run here, so `lp` is a stand-in put first on the PATH that
 * keeps what it is given, as the fake network printer keeps what it receives: the test checks the command
 * line and that the job's bytes reach the queue unchanged; a failing `lp` is the Vietnamese 503.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJob } from '../support/fake-printer.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const bin = mkdtempSync(join(tmpdir(), 'hoadon-lp-'));
const spool = mkdtempSync(join(tmpdir(), 'hoadon-spool-'));
const KICK = Buffer.from([0x1b, 0x70, 0x00, 25, 250]);

// `lp -d QUEUE -o raw FILE`: the queue "kho-giay-het" fails as a queue whose printer is unplugged does.
writeFileSync(
  join(bin, 'lp'),
  `#!/bin/sh
echo "$@" > "${spool}/args"
[ "$2" = "kho-giay-het" ] && exit 1
cp "$5" "${spool}/job.bin"
echo "request id is $2-1 (1 file(s))"
`,
);
chmodSync(join(bin, 'lp'), 0o755);

let node: TestNode;
const originalPath = process.env.PATH;

beforeAll(async () => {
  process.env.PATH = `${bin}${delimiter}${originalPath}`;
  node = await startTestNode();
  const put = await node.request('PUT', '/settings/printers', {
    body: [
      {
        id: 'usb',
        name: 'Quầy USB',
        connection: 'system',
        address: 'TM-T82',
        paperWidthMm: 80,
        openDrawerOnCash: true,
      },
      {
        id: 'rut-day',
        name: 'Quầy rút dây',
        connection: 'system',
        address: 'kho-giay-het',
        paperWidthMm: 58,
        openDrawerOnCash: true,
      },
    ],
  });
  expect(put.status, put.body).toBe(200);
});
afterAll(async () => {
  process.env.PATH = originalPath;
  await node.close();
});

describe('a printer behind a queue of the operating system', () => {
  it('hands the raw job to lp, byte for byte: the 576-dot raster, the cut and the drawer kick', async () => {
    const issued = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(issued.status, issued.body).toBe(201);
    const r = await node.request('POST', `/invoices/${issued.json.data.id}/print`, { body: { printerId: 'usb' } });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({ printerId: 'usb', drawerOpened: true });
    expect(readFileSync(join(spool, 'args'), 'utf8').trim()).toMatch(/^-d TM-T82 -o raw \S+receipt\.bin$/);
    const job = readFileSync(join(spool, 'job.bin'));
    expect(job.length).toBe(r.json.data.bytes);
    const decoded = decodeJob(job);
    expect(new Set(decoded.rasterWidths)).toEqual(new Set([576]));
    expect(job.indexOf(KICK)).toBeGreaterThan(-1);
  });

  it('answers the Vietnamese 503 when the queue refuses the job, and leaves no job file behind', async () => {
    const issued = await node.request('POST', '/invoices', { body: invoiceBody() });
    const r = await node.request('POST', `/invoices/${issued.json.data.id}/print`, { body: { printerId: 'rut-day' } });
    expect(r.status, r.body).toBe(503);
    expect(r.json.error.message).toContain('Máy in Quầy rút dây không phản hồi');
    const jobFile = readFileSync(join(spool, 'args'), 'utf8').trim().split(' ').at(-1)!;
    expect(existsSync(jobFile)).toBe(false);
  });
});
