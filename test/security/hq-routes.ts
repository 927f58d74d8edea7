/**
 * Headquarters' route table, read from the app itself so a new HQ route joins the fuzzing and the auth
 * matrix by itself. buildHqApp has registered its routes by the time it answers, too late for an onRoute
 * hook, so the table is read back from fastify's own route tree (printRoutes: one segment per line,
 * indented four characters per level, methods in parentheses).
 */
import type { FastifyInstance } from 'fastify';
import { HQ_API_PREFIX, SYNC_PREFIX } from '../../sync/protocol.js';
import { ADMIN_TOKEN } from '../hq/hq-test-node.js';

export interface HqRoute {
  method: string;
  /** The full URL pattern, e.g. `/hq/v1/stores/:id/settings`. */
  path: string;
  /** Who the route is for: stores (/sync/v1), administrators (/hq/v1), or anyone (health). */
  caller: 'store' | 'admin' | 'public';
}

export function hqRoutes(app: FastifyInstance): HqRoute[] {
  const parents: string[] = [];
  const routes: HqRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // The console's pages and files, and the API's HTML reference, are not the API: only /sync/v1 and /hq/v1.
      if (!path.startsWith(SYNC_PREFIX) && !path.startsWith(HQ_API_PREFIX)) continue;
      if (path.startsWith(`${HQ_API_PREFIX}/docs`)) continue;
      const caller = path.startsWith(SYNC_PREFIX)
        ? 'store'
        : PUBLIC_ROUTES.has(`${method} ${path}`)
          ? 'public'
          : 'admin';
      routes.push({ method, path, caller });
    }
  }
  return routes;
}

/** What anyone may ask without a credential: HQ's health, its API document and signing in. */
const PUBLIC_ROUTES = new Set([
  `GET ${HQ_API_PREFIX}/health`,
  `GET ${HQ_API_PREFIX}/openapi.json`,
  `POST ${HQ_API_PREFIX}/session`,
]);

/** The credential a route's rightful caller presents. */
export const rightfulToken = (route: HqRoute, storeCredential: string) =>
  route.caller === 'store' ? storeCredential : ADMIN_TOKEN;
