/**
 * The bytes of one print job, encoded by @point-of-sale/receipt-printer-encoder (docs/printing.md): reset
 * (`ESC @`), the receipt as `GS v 0` raster images, a full cut (`GS V 0`) and, on a cash sale, the
 * drawer kick on pin 2 (`ESC p 0 25 250`: 50 ms on, 500 ms off).
 */
import type { ReceiptRaster } from './receipt-raster.js';

/** The real-time status request for the paper sensor (`DLE EOT 4`). */
export const PAPER_STATUS_REQUEST = Buffer.from([0x10, 0x04, 0x04]);

/** Bits 5 and 6 of the answer to `DLE EOT 4`: the roll end sensor sees no paper. */
export const paperOut = (status: number): boolean => (status & 0x60) === 0x60;

// Loaded at the first print: a node that never prints never evaluates it.
const encoder = async (columns: number) =>
  new (await import('@point-of-sale/receipt-printer-encoder')).default({
    language: 'esc-pos',
    columns,
    imageMode: 'raster',
    autoFlush: false,
  });

/** Printable columns of the printer's font A (12 dots wide), which sets the encoder's widest image. */
const columnsFor = (width: number) => width / 12;

export async function receiptJob(raster: ReceiptRaster, options: { kickDrawer: boolean }): Promise<Buffer> {
  let job = (await encoder(columnsFor(raster.width)))
    .initialize()
    .image(
      { data: raster.data, width: raster.width, height: raster.height },
      { width: raster.width, height: raster.height, mode: 'raster' },
    )
    .newline()
    .cut('full');
  if (options.kickDrawer) job = job.pulse(0, 50, 500);
  return Buffer.from(job.encode());
}

/** Only the drawer kick ("Mở két"), with nothing printed. */
export const drawerKickJob = async (): Promise<Buffer> =>
  Buffer.from((await encoder(48)).initialize().pulse(0, 50, 500).encode());
