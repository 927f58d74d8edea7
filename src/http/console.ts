/**
 * The store console (web/, built by Vite into dist/web) served at `/`: hashed files under /assets/ cached
 * for a year, index.html for every other path that is not a file (the console's own routes, so a reload of
 * /invoices/… works), never for /api/*. From source and the dist bundle the files are read from dist/web;
 * inside the single executable they are its assets under the same keys (scripts/binary-assets.json).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readAssetBuffer } from '../assets.js';
import { notFound } from '../errors.js';

const ROOT = 'dist/web';

/** The console loads only its own files and talks only to its own origin. */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

const files = new Map<string, Buffer | null>();

/** A built file, or null; read once (the console is a few hundred kilobytes). */
function builtFileOf(root: string, relativePath: string): Buffer | null {
  const key = `${root}/${relativePath}`;
  let file = files.get(key);
  if (file === undefined) {
    try {
      file = readAssetBuffer(key);
    } catch {
      file = null;
    }
    files.set(key, file);
  }
  return file;
}

function send(reply: FastifyReply, relativePath: string, body: Buffer, cacheControl: string) {
  const extension = relativePath.slice(relativePath.lastIndexOf('.') + 1);
  return reply
    .header('content-type', TYPES[extension] ?? 'application/octet-stream')
    .header('cache-control', cacheControl)
    .header('content-security-policy', CONSOLE_CSP)
    .send(body);
}

/**
 * `root`: the built console (HQ serves its own, dist/web-hq); `otherApiRoots`: more first segments that are
 * API, never the console (HQ's /sync).
 */
export function registerConsole(
  app: FastifyInstance,
  apiPrefix: string,
  { root = ROOT, otherApiRoots = [] }: { root?: string; otherApiRoots?: string[] } = {},
): void {
  const apiRoots = [apiPrefix.split('/')[1] ?? 'api', ...otherApiRoots];
  const builtFile = (relativePath: string) => builtFileOf(root, relativePath);
  const handler = async (request: { params: unknown }, reply: FastifyReply) => {
    const path = ((request.params as { '*'?: string })['*'] ?? '').replace(/^\/+/, '');
    const segments = path.split('/');
    if (apiRoots.includes(segments[0] ?? '')) throw notFound('đường dẫn API này');
    if (segments.some((s) => s === '..' || s === '.')) throw notFound('tệp này');
    const isFile = /\.[A-Za-z0-9]+$/.test(segments[segments.length - 1] ?? '');
    if (isFile) {
      const body = builtFile(path);
      if (!body) throw notFound('tệp này');
      const immutable = segments[0] === 'assets';
      return send(reply, path, body, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const index = builtFile('index.html');
    if (!index) throw notFound('giao diện quản lý (chưa build: npm run build)');
    return send(reply, 'index.html', index, 'no-cache');
  };
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true } }, handler);
}
