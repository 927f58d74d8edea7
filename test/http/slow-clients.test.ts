/**
 * What one client can hold of a node, over real sockets on loopback: unfinished bodies are cut when the
 * request timeout passes, the public login reads at most 4 KiB (refused at once from Content-Length), and
 * connections past the cap are closed as they open. The timeouts are shortened for the test; the node's own
 * are in src/http/json-app.ts (DEFAULT_CONNECTION_LIMITS) and src/app.ts.
 */

import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const MAX_CONNECTIONS = 6;
let node: TestNode;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  node = await startTestNode();
  app = await buildApp(node.node.services, {
    logLevel: 'silent',
    connections: { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, checkIntervalMs: 200, maxConnections: 6 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await node.close();
});

/** A raw connection: what it sent is up to the test; resolves with what the server wrote once it closed. */
function connect(): Promise<{ socket: net.Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const loginHead = (length: number) =>
  `POST /api/v1/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;

describe('slow and greedy clients', () => {
  it('cuts unfinished bodies with 408 once the request timeout passes', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, connect));
    for (const { socket } of clients) socket.write(`${loginHead(3000)}{"username":"admin",`);
    const answers = await Promise.all(clients.map((c) => c.closed));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('refuses a login body over 4 KiB at once, naming the route limit (413)', async () => {
    const { socket, closed } = await connect();
    socket.write(loginHead(1024 * 1024));
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('}}')) resolve(text);
      });
    });
    socket.destroy();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      success: false,
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Nội dung yêu cầu vượt quá 4 KiB.' },
    });
  });

  it('closes connections past the cap as they open, and serves again once they are gone', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, connect));
    for (const { socket } of held) socket.write('GET /api/v1/health HTTP/1.1\r\n');
    const extra = await connect();
    expect(await extra.closed).toBe('');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(health.status).toBe(200);
  }, 20_000);
});
