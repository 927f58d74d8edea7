/**
 * What the in-process tools share (`read-timings.ts`, `write-timings.ts`): the node opened in this process on
 * a fresh copy of a generated data set, its API built, an admin's token, and an invoice issued through it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadNodeConfig } from '../src/config.js';
import { openNode } from '../src/node.js';
import { preparedDataDir, requestRandom, threeLineInvoice, workingCopy } from './dataset.js';
import { PASSWORD } from './harness.js';

export async function inProcessNode(invoices: number) {
  const dataDir = workingCopy(await preparedDataDir(`bench/.data/${invoices}`, invoices, false));
  const node = await openNode(
    loadNodeConfig(
      { dataDir, adminPassword: PASSWORD, logLevel: 'silent', rateLimitPerMinute: 0, issueRatePerHour: 0 },
      {},
    ),
  );
  const app = await buildApp(node.services, { logLevel: 'silent' });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
  return { node, app, token, issue: issuer(app, token) };
}

/** Issues one three-line invoice through the API, as a till does; throws unless it is issued. */
function issuer(app: FastifyInstance, token: string): () => Promise<void> {
  const next = requestRandom();
  return async () => {
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers: {
        authorization: `Bearer ${token}`,
        'x-idempotency-key': randomUUID(),
        'content-type': 'application/json',
      },
      payload: threeLineInvoice(next),
    });
    if (issued.statusCode !== 201) throw new Error(`POST /invoices: ${issued.statusCode} ${issued.body.slice(0, 200)}`);
  };
}
