/** Backpressure for the export writers: wait while the destination's buffer is full, stop if it went away. */
import type { Writable } from 'node:stream';

/** The destination was closed before the export ended (a client that went away): the export stops. */
export class ExportAborted extends Error {
  constructor() {
    super('the export destination was closed');
  }
}

export async function whenWritable(out: Writable): Promise<void> {
  if (out.destroyed) throw new ExportAborted();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  if (out.destroyed) throw new ExportAborted();
}

/** Ends `out` and resolves once everything written has been handed on. */
export function endOf(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
}
