/**
 * A TCP proxy on loopback that injects the faults of a bad shop connection between a store and HQ:
 * pass, blackhole (accept, never forward or answer), delay, reset after N bytes of the request, and
 * drop the response (the request reaches HQ, which commits, and the answer is lost on the way back).
 * The mode can change at any moment and applies to connections already open.
 */
import net from 'node:net';

export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'blackhole' }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset-after'; bytes: number }
  | { kind: 'drop-response' };

export interface FaultProxy {
  port: number;
  url: string;
  setMode(mode: FaultMode): void;
  /** Chunks that met each mode, for the test to show the faults really happened. */
  counts: Record<FaultMode['kind'], number>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = { kind: 'pass' };
  const counts: FaultProxy['counts'] = { pass: 0, blackhole: 0, delay: 0, 'reset-after': 0, 'drop-response': 0 };
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.once('close', () => client.destroy());
    client.once('close', () => upstream.destroy());

    // The mode is read at every chunk, so kept-alive connections meet the faults too.
    let forwarded = 0;
    client.on('data', (chunk: Buffer) => {
      const current = mode;
      if (current.kind === 'blackhole') {
        counts.blackhole += 1;
        return;
      }
      if (current.kind === 'reset-after' && forwarded + chunk.length > current.bytes) {
        counts['reset-after'] += 1;
        upstream.write(chunk.subarray(0, Math.max(0, current.bytes - forwarded)));
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      forwarded += chunk.length;
      if (current.kind === 'delay') setTimeout(() => upstream.write(chunk), current.ms);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      const current = mode;
      counts[current.kind] += 1;
      if (current.kind === 'blackhole') return;
      if (current.kind === 'drop-response') {
        client.resetAndDestroy();
        return;
      }
      if (current.kind === 'delay') setTimeout(() => client.write(chunk), current.ms);
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    setMode(next) {
      mode = next;
    },
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
