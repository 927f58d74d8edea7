/** Backpressure for the export writers: wait while the destination's buffer is full, stop if it went away. */
import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';

/** The destination was closed before the export ended (a client that went away): the export stops. */
export class ExportAborted extends Error {
  constructor() {
    super('the export destination was closed');
  }
}

export const whenWritable = (out: Writable): Promise<void> => whenDrained(out, out.writableNeedDrain, out);

/** Waits for `buffer`'s 'drain' when it is `full`; stops the export if `out` is closed meanwhile. */
export async function whenDrained(buffer: EventEmitter, full: boolean, out: Writable): Promise<void> {
  if (out.destroyed) throw new ExportAborted();
  if (!full) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      buffer.off('drain', done);
      out.off('close', done);
      resolve();
    };
    buffer.on('drain', done);
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
