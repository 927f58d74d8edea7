/**
 * Going live from the console (docs/console.md "Bắt đầu xuất hóa đơn thật"): where each step stands
 * (GET /going-live), and the T-VAN connection the owner enters (GET/PUT /transmission/connection, POST
 * /transmission/connection/check). Credentials go in, and only whether they are saved comes back.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, validationError } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { type NodeModeService, sellerIsSet } from '../settings/node-mode.js';
import type { StoreConfig } from '../settings/settings.documents.js';
import type { TransmissionService } from './transmission.service.js';
import { checkTvanConnection, type TvanConnection, tvanUrlProblem } from './tvan-connection.js';
import { DEFAULT_LOGIN_PATH, type TvanCredentials } from './tvan-credentials.js';

export interface GoingLiveDeps {
  storeConfig: () => StoreConfig;
  setTransmission: (transmission: StoreConfig['transmission'], actor: string) => void;
  mode: NodeModeService;
  certificate: () => { certificate: 'demo' | 'imported'; source: 'demo' | 'file' | 'token'; subject: string };
  transmission: TransmissionService;
  connection: TvanConnection;
}

const connectionView = z.object({
  url: z.string().nullable().describe('The T-VAN address of the store config'),
  adapter: z.enum(['embedded', 'http']),
  credentials: z.enum(['none', 'token', 'login']).describe('What kind is saved; the credentials themselves never'),
  source: z
    .enum(['environment', 'saved', 'none'])
    .describe("environment: the node's configuration (HOADON_TVAN_*), which wins; saved: entered in the console"),
});

const connectionBody = z
  .strictObject({
    url: z.string().trim().min(1, 'Nhập địa chỉ T-VAN.').max(500),
    token: z.string().trim().min(1).max(4000).optional().describe('A static access token the provider gave'),
    username: z.string().trim().min(1).max(200).optional(),
    password: z.string().min(1).max(200).optional(),
    loginPath: z
      .string()
      .regex(/^\/[\w./-]{0,199}$/, 'Đường dẫn đăng nhập bắt đầu bằng /.')
      .optional()
      .describe(`Where the user name and password are exchanged for a token (default ${DEFAULT_LOGIN_PATH})`),
  })
  .refine((b) => !(b.token && (b.username || b.password)), {
    message: 'Nhập mã truy cập, hoặc tên đăng nhập và mật khẩu, không cả hai.',
    path: ['token'],
  })
  .refine((b) => Boolean(b.username) === Boolean(b.password), {
    message: 'Cần cả tên đăng nhập và mật khẩu.',
    path: ['password'],
  });
type ConnectionBody = z.infer<typeof connectionBody>;

const credentialsOf = (body: ConnectionBody): TvanCredentials =>
  body.token
    ? { kind: 'token', token: body.token }
    : body.username && body.password
      ? {
          kind: 'login',
          username: body.username,
          password: body.password,
          loginPath: body.loginPath ?? DEFAULT_LOGIN_PATH,
        }
      : { kind: 'none' };

function checkedUrl(raw: string): string {
  const problem = tvanUrlProblem(raw);
  if (problem) throw validationError(problem, [{ path: 'body.url', message: problem }]);
  return raw.replace(/\/+$/, '');
}

const goingLiveView = z.object({
  mode: z.enum(['demo', 'live']),
  missing: z.array(z.string()).describe('What the node still needs, in Vietnamese (as GET /health)'),
  seller: z.object({ done: z.boolean(), name: z.string(), mst: z.string() }),
  certificate: z.object({
    done: z.boolean(),
    source: z.enum(['demo', 'file', 'token']),
    subject: z.string(),
  }),
  tvan: connectionView.extend({ done: z.boolean() }),
  registration: z.object({
    done: z.boolean().describe('Accepted by the tax authority itself: an acceptance of the embedded simulator is not'),
    state: z.enum(['none', 'sent', 'received', 'accepted', 'refused']),
    simulated: z
      .boolean()
      .describe(
        'Answered by the embedded simulator (a trial): "chấp nhận (dùng thử)", never the authority’s acceptance',
      ),
    reason: z.string().optional(),
    updatedAt: z.string().optional(),
  }),
  cashRegisterPrefix: z.object({
    done: z.boolean(),
    prefix: z.string().optional().describe('The 5 characters of cash-register codes, once known'),
  }),
});

export const goingLiveRoutes =
  (deps: GoingLiveDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['transmission'];
    const connection = () => {
      const { adapter, url } = deps.storeConfig().transmission;
      const { source, kind } = deps.connection.sourceFor(url);
      return { url, adapter, credentials: kind, source };
    };

    app.get(
      '/going-live',
      {
        schema: {
          tags,
          summary: 'Where each step of going live stands: seller, certificate, T-VAN, registration, the 5 characters',
          operationId: 'getGoingLive',
          response: { ...errorResponses(401, 403, 429), 200: ok(goingLiveView) },
        },
      },
      async () => {
        const { seller } = deps.storeConfig();
        const certificate = deps.certificate();
        const tvan = connection();
        const registration = deps.transmission.registration();
        const simulated = registration?.simulated === 1;
        // The embedded simulator's acceptance is a trial's, kept apart from the authority's (docs/security.md, F7).
        const accepted = registration?.state === 'accepted' && !simulated;
        return success({
          mode: deps.mode.mode(),
          missing: deps.mode.missing(),
          seller: { done: sellerIsSet(seller), name: seller.name, mst: seller.mst },
          certificate: {
            done: certificate.certificate === 'imported',
            source: certificate.source,
            subject: certificate.subject,
          },
          tvan: { ...tvan, done: tvan.adapter === 'http' && tvan.url !== null },
          registration: {
            done: accepted,
            state: registration?.state ?? ('none' as const),
            simulated,
            ...(registration?.reason ? { reason: registration.reason } : {}),
            ...(registration ? { updatedAt: registration.updatedAt } : {}),
          },
          cashRegisterPrefix: {
            done: accepted && Boolean(registration?.cashRegisterPrefix),
            ...(accepted && registration?.cashRegisterPrefix ? { prefix: registration.cashRegisterPrefix } : {}),
          },
        });
      },
    );

    app.get(
      '/transmission/connection',
      {
        schema: {
          tags,
          summary: 'The T-VAN connection: its address and whether credentials are saved (never which)',
          operationId: 'getTvanConnection',
          response: { ...errorResponses(401, 403, 429), 200: ok(connectionView) },
        },
      },
      async () => success(connection()),
    );

    app.put(
      '/transmission/connection',
      {
        schema: {
          tags,
          summary: "Save the T-VAN's address and credentials (a token, or a user name and password) and send there",
          description:
            'Needs the seller and the seller’s certificate first (as PATCH /config transmission.adapter "http"). The credentials are kept in the data dir, mode 0600, bound to this address; never answered.',
          operationId: 'putTvanConnection',
          body: connectionBody,
          response: { ...errorResponses(400, 401, 403, 409, 429), 200: ok(connectionView) },
        },
      },
      async (request, reply) => {
        const url = checkedUrl(request.body.url);
        const missing = deps.mode.missingToSend();
        if (missing.length > 0) throw conflict(`Trước khi kết nối T-VAN cần ${missing.join(' và ')}.`);
        const credentials = credentialsOf(request.body);
        return reply.commit(200, () => {
          deps.setTransmission({ adapter: 'http', url }, request.user.username);
          deps.connection.save(url, credentials);
          return connection();
        });
      },
    );

    app.post(
      '/transmission/connection/check',
      {
        schema: {
          tags,
          summary: 'Test a T-VAN connection: the one given, or the one saved when the body is {}',
          operationId: 'checkTvanConnection',
          body: z.union([connectionBody, z.strictObject({})]),
          response: {
            ...errorResponses(400, 401, 403, 409, 429),
            200: ok(z.object({ ok: z.boolean(), problem: z.string().optional() })),
          },
        },
      },
      async (request) => {
        const body = request.body as Partial<ConnectionBody>;
        if (body.url !== undefined) {
          const url = checkedUrl(body.url);
          const given = credentialsOf(body as ConnectionBody);
          return success(
            await checkTvanConnection(url, given.kind === 'none' ? deps.connection.credentialsFor(url) : given),
          );
        }
        const { url } = deps.storeConfig().transmission;
        if (!url) throw conflict('Chưa lưu địa chỉ T-VAN.');
        return success(await checkTvanConnection(url, deps.connection.credentialsFor(url)));
      },
    );
  };
