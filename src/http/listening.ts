import type { FastifyInstance } from 'fastify';

/**
 * The line every server (`hoadon serve`, `hoadon hq`, `hoadon tax-sim`) prints once it listens, whatever
 * its log level: the address actually bound. Given port 0 the system picks a free port, and whoever started
 * the process (a test, a script, a service manager's journal) reads it here.
 */
export const LISTENING_LINE = /^hoadon listening on (http:\/\/\S+)$/m;

export async function listenAndAnnounce(
  app: FastifyInstance,
  options: { host: string; port: number },
): Promise<string> {
  const address = await app.listen(options);
  process.stdout.write(`hoadon listening on ${address}\n`);
  return address;
}
