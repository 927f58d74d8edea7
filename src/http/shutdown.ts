import type { FastifyInstance } from 'fastify';

/**
 * On the first SIGTERM or SIGINT: stop accepting requests and let those in flight finish (app.close), then
 * `release` (jobs, databases), then exit 0. Every long-running command (serve, hq, tax-sim) stops this way,
 * so a service manager's stop never cuts a transaction in half.
 */
export function closeOnSignal(app: FastifyInstance, release: () => unknown): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await release();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
