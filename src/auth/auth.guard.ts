/**
 * Route guard: every route under /api/v1 is looked up in the access table (access.ts). Public routes pass;
 * the rest need a valid bearer token (401) of an allowed role (403), and a route that issues an invoice a
 * place in the user's issuing rate (429). Runs at onRequest, before the body is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import { type Access, accessOf } from './access.js';
import type { Authenticated, AuthService, PresentedToken } from './auth.service.js';
import { ISSUING_ROUTES } from './issuing-rate.js';
import type { AuthenticatedUser } from './roles.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser;
    /** The bearer token the user was authenticated by (POST /auth/logout signs it out). */
    token: PresentedToken;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The route issues an invoice: each call is counted against the user's issuing rate (issuing-rate.ts). */
    issues?: boolean;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, as registered (for the auth-matrix and fuzz tests). */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  /** Below the API prefix, e.g. `/invoices/:id`. */
  path: string;
  access: Access;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

export function registerAuthGuard(app: FastifyInstance, auth: AuthService, prefix: string): void {
  app.decorateRequest('user', undefined as unknown as AuthenticatedUser);
  app.decorateRequest('token', undefined as unknown as PresentedToken);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      // fastify adds a HEAD twin to every GET; it must be guarded exactly like the GET.
      const access = accessOf(method === 'HEAD' ? 'GET' : method, route.url.slice(prefix.length));
      if (access === undefined) throw new Error(`route ${method} ${route.url} has no entry in src/auth/access.ts`);
      const issues = ISSUING_ROUTES.has(`${method} ${route.url.slice(prefix.length)}`);
      route.config = { ...(route.config ?? {}), access, issues };
      if (method !== 'HEAD') apiRoutes.push({ method, path: route.url.slice(prefix.length), access });
    }
  });

  /** Lets the request in as `authenticated`, or answers why not. */
  function admit(request: FastifyRequest, access: readonly string[], authenticated: Authenticated | undefined): void {
    if (!authenticated) throw unauthorized();
    if (!access.includes(authenticated.user.role)) throw forbidden();
    request.user = authenticated.user;
    request.token = authenticated.token;
    if (request.routeOptions.config.issues) auth.countIssue(authenticated.user);
  }

  // Written with `done`: a token verified before (every request of a till after its first) is admitted
  // without a promise and a turn of the loop; only a new token waits for its signature check.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return done();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const remembered = token === undefined ? { authenticated: undefined } : auth.authenticateRemembered(token);
    const settle = (authenticated: Authenticated | undefined) => {
      try {
        admit(request, access, authenticated);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    if (remembered) settle(remembered.authenticated);
    else auth.authenticate(token as string).then(settle, done);
  });
}
