/** The real headquarters (sync/hq) in this process on loopback, and a test store node pointed at it. */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/clock.js';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import { type OpenedHq, openHq } from '../../sync/hq/hq-node.js';
import type { Answer } from '../support/answer.js';
import type { TestNode } from '../support/test-node.js';

export interface HqPeer {
  hq: OpenedHq;
  url: string;
  /** Stops answering (the port closes); the database stays. */
  stop(): Promise<void>;
  /** Answers again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHq(options: { clock?: Clock } = {}): Promise<HqPeer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-test-'));
  const hq = await openHq(dataDir, { clock: options.clock });
  let app: FastifyInstance | undefined;
  const listen = async (port: number) => {
    app = await buildHqApp(hq.services, { adminToken: 'test-admin-token-0123456789abcdef', logLevel: 'silent' });
    await app.listen({ host: '127.0.0.1', port });
    return (app.server.address() as { port: number }).port;
  };
  const port = await listen(0);
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  return {
    hq,
    url: `http://127.0.0.1:${port}`,
    stop,
    restart: async () => {
      await listen(port);
    },
    async close() {
      await stop();
      hq.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers the store at HQ and points the store at HQ, as `hoadon sync connect` does. */
export async function connectStore(t: TestNode, peer: HqPeer, storeId: string): Promise<void> {
  const { credential } = await peer.hq.services.admin.addStore(storeId, `Cửa hàng ${storeId}`);
  t.node.services.connectHq({ url: peer.url, storeId, credential });
}

/** What HQ holds for a store: its records by kind, from HQ's own database. */
export function hqRecords(
  peer: HqPeer,
  storeId: string,
  kind?: string,
): { recordId: string; version: number; seq: number; payload: Answer }[] {
  const rows = peer.hq.sqlite
    .prepare(
      `SELECT record_id AS recordId, version, seq, payload FROM records WHERE store_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY seq`,
    )
    .all(...(kind ? [storeId, kind] : [storeId])) as {
    recordId: string;
    version: number;
    seq: number;
    payload: string;
  }[];
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) }));
}
