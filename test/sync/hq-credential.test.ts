/**
 * The store's HQ credential is bound to the url it was issued for (docs/sync.md): an admin cannot repoint
 * `headquarters.url` over the API, and whatever the config says, the credential only ever goes to that url.
 * A second HTTP listener on loopback records every Authorization header it is sent.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { checkHqUrl, credentialPath } from '../../sync/store/credential.js';
import { NO_CREDENTIAL_FOR_URL } from '../../sync/store/store-sync.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, type HqPeer, startHq } from './hq-peer.js';

const STORE = 'store-bound';

describe('the HQ credential', () => {
  let t: TestNode;
  let peer: HqPeer;
  let recorder: Server;
  let recorderUrl: string;
  const authorizations: string[] = [];

  beforeAll(async () => {
    recorder = createServer((request, response) => {
      authorizations.push(request.headers.authorization ?? '(none)');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: true, data: { appliedThroughSeq: 1_000_000 } }));
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    peer = await startHq();
    t = await startTestNode();
    await connectStore(t, peer, STORE);
    expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
    expect(await t.node.services.sync.runNow()).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
    await new Promise((resolve) => recorder.close(resolve));
  });

  it('cannot be pointed at another url over the API (409, saying to run hoadon sync connect)', async () => {
    const moved = await t.request('PATCH', '/config', { body: { headquarters: { url: recorderUrl } } });
    expect(moved.status).toBe(409);
    expect(moved.json.error.message).toContain('hoadon sync connect');
    expect((await t.request('GET', '/config')).json.data.headquarters.url).toBe(peer.url);
    const same = await t.request('PATCH', '/config', {
      body: { headquarters: { url: `${peer.url}/`, syncIntervalSeconds: 30 } },
    });
    expect(same.status).toBe(200);
    expect(await t.node.services.sync.runNow()).toMatchObject({ ok: true });
    expect(authorizations).toEqual([]);
  });

  it('is never sent to another url, even when the config names one', async () => {
    const { services } = t.node;
    inTransaction(services.storage.sqlite, () =>
      services.settings.update('config', { headquarters: { url: recorderUrl } }, 'written around the API'),
    );
    expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
    expect(await services.sync.runNow()).toEqual({ ok: false, notConfigured: true });
    expect(services.sync.tick()).toBeUndefined();
    expect(services.sync.status().state).toBe('not-configured');
    expect((await t.request('GET', '/health', { token: null })).json.data.sync).toMatchObject({
      state: 'not-configured',
      problem: NO_CREDENTIAL_FOR_URL,
    });
    expect(authorizations).toEqual([]);

    inTransaction(services.storage.sqlite, () =>
      services.settings.update('config', { headquarters: { url: peer.url } }, 'written around the API'),
    );
    // The invoice's signed XML joins the outbox when it is signed, on the XML thread: signed before the pass.
    await services.invoiceXml.signWaiting();
    expect(await services.sync.runNow()).toMatchObject({ ok: true });
    expect(services.sync.status().pendingOutbox).toBe(0);
  });

  it('written before credentials were bound is bound to the url configured when it is first read', async () => {
    const file = credentialPath(t.dataDir);
    const [credential] = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, `${credential}\n`, { mode: 0o600 });
    expect(await t.node.services.sync.runNow()).toMatchObject({ ok: true });
    expect(readFileSync(file, 'utf8').trim().split('\n')).toEqual([credential, peer.url]);
    expect(authorizations).toEqual([]);
  });
});

describe('hoadon sync connect’s url', () => {
  it.each([
    'https://hq.example.vn',
    'http://127.0.0.1:8081',
    'http://127.8.9.10',
    'http://localhost:9',
    'http://[::1]:9',
  ])('accepts %s', (url) => {
    expect(checkHqUrl(url)).toBe(url);
  });

  it.each([
    'http://hq.example.vn',
    'http://10.0.0.5:8081',
    'http://[fe80::1]',
    'ftp://hq.example.vn',
    'không phải url',
  ])('refuses %s: https, or plain http to this machine only', (url) => {
    expect(() => checkHqUrl(url)).toThrow(/https:\/\/|không hợp lệ/);
  });
});
