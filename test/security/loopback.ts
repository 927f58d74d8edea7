/**
 * A test node served over real HTTP on loopback, and clients that connect from a chosen loopback address
 * (127.0.0.2, 127.0.0.3, …: Linux answers the whole 127/8), so that the node sees distinct peers.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from '../support/answer.js';
import type { TestNode } from '../support/test-node.js';

export async function serveOnLoopback(node: TestNode): Promise<string> {
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}/api/v1`;
}

export interface PeerAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Answer;
}

export interface Peer {
  request(method: string, path: string, options?: { body?: unknown; token?: string }): Promise<PeerAnswer>;
  close(): void;
}

export function peerAt(api: string, localAddress: string): Peer {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  return {
    request: (method, path, options = {}) =>
      new Promise((resolve, reject) => {
        const body = options.body === undefined ? undefined : JSON.stringify(options.body);
        const headers: Record<string, string> = {};
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const sent = httpRequest(`${api}${path}`, { method, headers, agent, localAddress }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              json: text ? JSON.parse(text) : undefined,
            }),
          );
        });
        sent.on('error', reject);
        sent.end(body);
      }),
    close: () => agent.destroy(),
  };
}
