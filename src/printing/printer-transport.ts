/**
 * How a job reaches a printer (docs/printing.md). A network printer (raw TCP, port 9100) is first asked
 * for its paper sensor (`DLE EOT 4`); a printer that does not answer within the deadline, or reports no
 * paper, gets nothing, so that no receipt comes out later by surprise. A queue of the operating system
 * (a USB printer) takes the job raw: CUPS `lp -o raw` on Linux, the Windows spooler through the printer's
 * share.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAPER_STATUS_REQUEST, paperOut } from './escpos.js';

/** How long a printer has to answer, and to take a job. */
export const PRINTER_DEADLINE_MS = 3_000;

export type SendOutcome = { ok: true } | { ok: false; reason: 'silent' | 'no-paper' };

export interface PrinterTarget {
  connection: 'tcp' | 'system';
  address: string;
}

/** "192.168.1.50:9100" or "192.168.1.50" (9100), "[fe80::1]:9100" too. */
export function tcpAddress(address: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(address);
  if (bracketed) return { host: bracketed[1] as string, port: Number(bracketed[2] ?? 9100) };
  const [host = '', port] = address.split(':');
  return { host, port: Number(port ?? 9100) };
}

function sendTcp(address: string, job: Buffer, deadlineMs: number): Promise<SendOutcome> {
  const { host, port } = tcpAddress(address);
  return new Promise((resolve) => {
    let settled = false;
    let socket: Socket | undefined;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome.ok) socket?.end();
      else socket?.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'silent' }), deadlineMs);
    socket = connect({ host, port });
    socket.setNoDelay(true);
    socket.on('error', () => finish({ ok: false, reason: 'silent' }));
    socket.on('close', () => finish({ ok: false, reason: 'silent' }));
    socket.once('connect', () => socket?.write(PAPER_STATUS_REQUEST));
    socket.once('data', (status: Buffer) => {
      if (paperOut(status[0] ?? 0)) return finish({ ok: false, reason: 'no-paper' });
      // The job is handed over once the printer's side has all of it (it acknowledges nothing more).
      socket?.write(job, (error) => finish(error ? { ok: false, reason: 'silent' } : { ok: true }));
    });
  });
}

/** The command, its arguments and the input of a raw job to a queue of this operating system. */
function spoolerCommand(queue: string, jobFile: string): { file: string; args: string[] } {
  if (process.platform === 'win32') {
    // The spooler takes a raw job copied in binary to the printer's share (docs/printing.md).
    return { file: 'cmd.exe', args: ['/d', '/c', 'copy', '/b', jobFile, `\\\\localhost\\${queue}`] };
  }
  return { file: 'lp', args: ['-d', queue, '-o', 'raw', jobFile] };
}

function sendSystem(queue: string, job: Buffer, deadlineMs: number): Promise<SendOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'hoadon-print-'));
  const jobFile = join(dir, 'receipt.bin');
  writeFileSync(jobFile, job, { mode: 0o600 });
  const { file, args } = spoolerCommand(queue, jobFile);
  return new Promise((resolve) => {
    execFile(file, args, { timeout: deadlineMs, windowsHide: true }, (error) => {
      rmSync(dir, { recursive: true, force: true });
      resolve(error ? { ok: false, reason: 'silent' } : { ok: true });
    });
  });
}

export function sendToPrinter(
  printer: PrinterTarget,
  job: Buffer,
  deadlineMs: number = PRINTER_DEADLINE_MS,
): Promise<SendOutcome> {
  return printer.connection === 'tcp'
    ? sendTcp(printer.address, job, deadlineMs)
    : sendSystem(printer.address, job, deadlineMs);
}
