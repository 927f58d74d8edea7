/**
 * A network receipt printer on loopback for tests: it answers the paper status request (`DLE EOT 4`) as a
 * printer with paper, without paper, or not at all, keeps every job it receives, and decodes them: the
 * `GS v 0` raster images joined into one picture, and the other commands (reset, cut, drawer kick).
 */
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';

export type PrinterBehaviour = 'ready' | 'no-paper' | 'silent';

export interface DecodedJob {
  bytes: Buffer;
  /** Every byte that is not raster data, in order. */
  commands: Buffer;
  /** The width of every raster command, in dots. */
  rasterWidths: number[];
  /** The joined picture, one byte a dot (1 = ink). */
  image: { width: number; height: number; dots: Uint8Array } | undefined;
}

export interface FakePrinter {
  address: string;
  port: number;
  jobs: DecodedJob[];
  /** Resolves with the next job received (or one already received and not yet taken). */
  nextJob(): Promise<DecodedJob>;
  /** How many connections it took, answered or not. */
  connections: () => number;
  close(): Promise<void>;
}

const STATUS_REQUEST = Buffer.from([0x10, 0x04, 0x04]);

export function decodeJob(bytes: Buffer): DecodedJob {
  const commands: number[] = [];
  const rasterWidths: number[] = [];
  const rows: { width: number; data: Buffer }[] = [];
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] === 0x1d && bytes[i + 1] === 0x76 && bytes[i + 2] === 0x30) {
      const widthBytes = (bytes[i + 4] as number) + (bytes[i + 5] as number) * 256;
      const height = (bytes[i + 6] as number) + (bytes[i + 7] as number) * 256;
      const data = bytes.subarray(i + 8, i + 8 + widthBytes * height);
      rasterWidths.push(widthBytes * 8);
      for (let row = 0; row < height; row++)
        rows.push({ width: widthBytes * 8, data: data.subarray(row * widthBytes, (row + 1) * widthBytes) });
      i += 8 + widthBytes * height;
      continue;
    }
    commands.push(bytes[i] as number);
    i++;
  }
  let image: DecodedJob['image'];
  if (rows.length > 0) {
    const width = Math.max(...rows.map((r) => r.width));
    const dots = new Uint8Array(width * rows.length);
    rows.forEach((row, y) => {
      for (let x = 0; x < row.width; x++) dots[y * width + x] = ((row.data[x >> 3] as number) >> (7 - (x & 7))) & 1;
    });
    image = { width, height: rows.length, dots };
  }
  return { bytes, commands: Buffer.from(commands), rasterWidths, image };
}

export async function startFakePrinter(behaviour: PrinterBehaviour = 'ready'): Promise<FakePrinter> {
  const jobs: DecodedJob[] = [];
  const waiting: ((job: DecodedJob) => void)[] = [];
  let taken = 0;
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const chunks: Buffer[] = [];
    let answered = false;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const received = Buffer.concat(chunks);
      if (!answered && received.subarray(0, 3).equals(STATUS_REQUEST)) {
        answered = true;
        // Bits 1 and 4 are always set; bits 5 and 6 say the roll's end sensor sees no paper.
        if (behaviour === 'ready') socket.write(Buffer.from([0x12]));
        if (behaviour === 'no-paper') socket.write(Buffer.from([0x72]));
      }
    });
    socket.on('error', () => {});
    socket.on('end', () => {
      socket.end();
      const received = Buffer.concat(chunks);
      const job = received.subarray(0, 3).equals(STATUS_REQUEST) ? received.subarray(3) : received;
      if (job.length === 0) return;
      const decoded = decodeJob(job);
      jobs.push(decoded);
      const next = waiting.shift();
      if (next) {
        taken++;
        next(decoded);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    port,
    jobs,
    connections: () => connections,
    nextJob: () =>
      new Promise((resolve) => {
        const ready = jobs[taken];
        if (ready) {
          taken++;
          resolve(ready);
        } else waiting.push(resolve);
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** The picture as a grey PNG-ready buffer: 0 for ink, 255 for paper. */
export function toGrey(image: NonNullable<DecodedJob['image']>): Buffer {
  const grey = Buffer.alloc(image.width * image.height);
  for (let i = 0; i < grey.length; i++) grey[i] = image.dots[i] ? 0 : 255;
  return grey;
}
