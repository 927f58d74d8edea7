/**
 * A declared month stays as declared (docs/exports.md, "Declared months"): a node run under faketime issues
 * invoices in last month, then on the real clock the month is locked and one of its invoices replaced; the
 * month's ledger and 01/GTGT figures are byte-identical to before, and this month's exports list the
 * correction in the section for the supplementary declaration (01/KHBS).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { addMonths, localDate } from '../../src/domain/calendar.js';
import type { Answer } from '../support/answer.js';
import { type RunningProcess, startHoadon } from '../support/processes.js';

const PASSWORD = 'declared-months-password';
const TIME_ZONE = 'Asia/Ho_Chi_Minh';
const running: RunningProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-declared-'));
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

const env = {
  HOADON_DATA_DIR: dataDir,
  HOADON_ADMIN_PASSWORD: PASSWORD,
  HOADON_RATE_LIMIT_PER_MINUTE: '0',
  HOADON_TZ: TIME_ZONE,
};

async function client(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as Answer).data.accessToken as string;
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()) };
  };
  return {
    call,
    json: async (method: string, path: string, body?: unknown) => {
      const r = await call(method, path, body);
      return { status: r.status, json: JSON.parse(r.bytes.toString('utf8')) as Answer };
    },
  };
}

const sale = (name: string, quantity: number, unitPrice: number, taxRate: number) => ({
  buyer: { name, mst: '0100109106' },
  items: [{ name: 'Cà phê sữa đá', unit: 'ly', quantity, unitPrice, taxRate }],
  paymentMethod: 'CK',
  channel: 'pos',
});

/** The month's files as the accountant downloads them: the ledger in each format and the 01/GTGT figures. */
async function monthFiles(node: Awaited<ReturnType<typeof client>>, month: string) {
  const files: Record<string, Buffer> = {};
  for (const format of ['json', 'csv', 'xlsx', 'pdf']) {
    const r = await node.call('GET', `/exports/sales-ledger?month=${month}&format=${format}`);
    expect(r.status).toBe(200);
    files[format] = r.bytes;
  }
  const figures = await node.call('GET', `/exports/vat-figures?month=${month}`);
  expect(figures.status).toBe(200);
  files.vat = figures.bytes;
  return files;
}

/** Every cell of every sheet, as text: the XLSX's content whatever its zip says about time. */
async function xlsxCells(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(row.values as unknown[]));
    return { name: sheet.name, rows };
  });
}

describe('a declared month', () => {
  it('keeps its ledger and 01/GTGT byte for byte after a replacement, which this month lists for 01/KHBS', async () => {
    const today = localDate(new Date(), TIME_ZONE);
    const month = today.slice(0, 7);
    const lastMonth = addMonths(month, -1);

    // Last month, on a clock faketime sets for the whole process (10:00 UTC, 17:00 in the store).
    const past = await startHoadon(['serve'], { env, wrap: ['faketime', `${lastMonth}-15 10:00:00`] });
    running.push(past);
    let node = await client(past.baseUrl);
    const issued: { id: string; issueDate: string; number: number; kyHieu: string; mauSo: string }[] = [];
    for (const body of [sale('Công ty An Bình', 2, 50_000, 0.1), sale('Công ty Hòa Phát', 4, 30_000, 0.05)]) {
      const r = await node.json('POST', '/invoices', body);
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      issued.push(r.json.data);
    }
    expect(issued.map((i) => i.issueDate)).toEqual([`${lastMonth}-15`, `${lastMonth}-15`]);
    await past.stop();
    running.pop();
    // The node faketime ran is gone with it, not serving on beside the next one on the same data dir.
    await expect(fetch(`${past.baseUrl}/api/v1/health`)).rejects.toThrow();

    // Today, on the real clock.
    const now = await startHoadon(['serve'], { env });
    running.push(now);
    node = await client(now.baseUrl);
    // The files as declared: downloaded once the month is locked. (Before the lock they follow the month's
    // open invoices, which the transmission queue may settle at any moment.)
    const locked = await node.json('POST', `/exports/periods/${lastMonth}/lock`);
    expect(locked.status, now.output()).toBe(200);
    const before = await monthFiles(node, lastMonth);
    expect(locked.json.data).toMatchObject({ month: lastMonth, lockedBy: 'admin' });
    expect((await node.json('GET', '/exports/periods')).json.data).toEqual([locked.json.data]);

    const original = issued[0]!;
    const { channel: _channel, ...replacementBody } = sale('Công ty An Bình', 3, 50_000, 0.1);
    const replaced = await node.json('POST', `/invoices/${original.id}/replace`, {
      ...replacementBody,
      reason: 'Sai số lượng',
    });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    const replacement = replaced.json.data;

    const after = await monthFiles(node, lastMonth);
    for (const format of ['json', 'csv', 'vat'] as const) {
      expect(after[format]!.equals(before[format]!), `${format} changed`).toBe(true);
    }
    expect(await xlsxCells(after.xlsx!)).toEqual(await xlsxCells(before.xlsx!));
    expect(after.pdf!.length).toBeGreaterThan(0);
    // The month as it was: the original still counted, not replaced.
    const declared = JSON.parse(after.json!.toString('utf8'));
    expect(declared.footer).toEqual({ revenue: 220_000, taxableRevenue: 220_000, taxAmount: 16_000 });
    expect(declared.sections.find((s: { key: string }) => s.key === '10').rows[0]).toMatchObject({
      number: original.number,
      amount: 100_000,
      note: '',
    });

    // This month: the replacement counts nothing in its sections; its difference is listed for 01/KHBS.
    const current = JSON.parse(
      (await node.call('GET', `/exports/sales-ledger?month=${month}&format=json`)).bytes.toString(),
    );
    expect(current.footer).toEqual({ revenue: 0, taxableRevenue: 0, taxAmount: 0 });
    expect(current.sections.find((s: { key: string }) => s.key === '10').rows[0]).toMatchObject({
      number: replacement.number,
      amount: 0,
      taxAmount: 0,
    });
    const lastMonthTitle = `Tháng ${Number(lastMonth.slice(5))} năm ${lastMonth.slice(0, 4)}`;
    const ddmmyyyy = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    expect(current.supplementary).toEqual({
      title: 'Điều chỉnh, thay thế hóa đơn của kỳ đã khai',
      rows: [
        {
          stt: 1,
          kind: 'Thay thế',
          mauSo: replacement.mauSo,
          kyHieu: replacement.kyHieu,
          number: replacement.number,
          issueDate: ddmmyyyy(replacement.issueDate),
          buyerName: 'Công ty An Bình',
          buyerMst: '0100109106',
          original: {
            mauSo: original.mauSo,
            kyHieu: original.kyHieu,
            number: original.number,
            issueDate: ddmmyyyy(original.issueDate),
          },
          period: lastMonth,
          rate: '10%',
          amount: 50_000,
          taxAmount: 5_000,
          note: `Thay thế HĐ ${original.mauSo}${original.kyHieu} số ${original.number} ngày ${ddmmyyyy(original.issueDate)} của kỳ ${lastMonthTitle}`,
        },
      ],
      periods: [{ period: lastMonth, title: lastMonthTitle, amount: 50_000, taxAmount: 5_000 }],
      total: { rows: 1, amount: 50_000, taxAmount: 5_000 },
    });
    const figures = (await node.json('GET', `/exports/vat-figures?month=${month}`)).json.data;
    expect(figures.supplementary).toEqual(current.supplementary);
    const csv = (await node.call('GET', `/exports/sales-ledger?month=${month}&format=csv`)).bytes.toString('utf8');
    expect(csv.split('\r\n').filter((line) => line.startsWith('KHBS'))).toEqual([
      `KHBS 10%,1,Thay thế,${replacement.mauSo},${replacement.kyHieu},${replacement.number},${ddmmyyyy(replacement.issueDate)},Công ty An Bình,0100109106,50000,5000,Thay thế HĐ ${original.mauSo}${original.kyHieu} số ${original.number} ngày ${ddmmyyyy(original.issueDate)} của kỳ ${lastMonthTitle}`,
    ]);
    const pdf = (await node.call('GET', `/exports/sales-ledger?month=${month}&format=pdf`)).bytes;
    const printed = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
    expect(printed.replace(/\s+/g, ' ')).toContain(
      'Điều chỉnh, thay thế hóa đơn của kỳ đã khai (kê khai bổ sung, mẫu 01/KHBS)',
    );
    const sheets = await xlsxCells((await node.call('GET', `/exports/sales-ledger?month=${month}&format=xlsx`)).bytes);
    const supplementarySheet = sheets.find((s) => s.name === 'Điều chỉnh kỳ đã khai')!;
    expect(supplementarySheet.rows.at(-1)).toContain(50_000);

    // Unlocked (admin, with a reason), the month follows its invoices again: the original is now replaced.
    const unlocked = await node.json('POST', `/exports/periods/${lastMonth}/unlock`, { reason: 'Khai lại tháng' });
    expect(unlocked.status).toBe(200);
    const reopened = JSON.parse(
      (await node.call('GET', `/exports/sales-ledger?month=${lastMonth}&format=json`)).bytes.toString(),
    );
    expect(reopened.footer).toEqual({ revenue: 120_000, taxableRevenue: 120_000, taxAmount: 6_000 });
    const currentAgain = (await node.json('GET', `/exports/vat-figures?month=${month}`)).json.data;
    expect(currentAgain.supplementary.rows).toEqual([]);
    expect(currentAgain.footer).toEqual({ revenue: 150_000, taxableRevenue: 150_000, taxAmount: 15_000 });
    await now.stop();
  }, 180_000);
});
