/**
 * The lookup portal at /tra-cuu, without login (docs/delivery.md): HTML pages and the two downloads, nothing
 * of /api/v1. Every wrong code gets the same 404 page and counts against its address (portal-throttle.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalService } from './portal.service.js';
import { formPage, invoicePage, notFoundPage, PORTAL_CSS, tooManyPage } from './portal-page.js';
import { createPortalThrottle } from './portal-throttle.js';

export const PORTAL_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const CODE = /^[A-Za-z0-9-]{1,64}$/;

interface PortalQuery {
  ma?: string;
  mst?: string;
  kyHieu?: string;
  so?: string;
  tongTien?: string;
}

const answer = (reply: FastifyReply, status: number, type: string, body: string | Buffer) =>
  reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', PORTAL_CSP)
    .header('x-robots-tag', 'noindex')
    .type(type)
    .send(body);

const html = (reply: FastifyReply, status: number, body: string) =>
  answer(reply, status, 'text/html; charset=utf-8', body);

/** The symbol as typed: "1C26MAA" (KHMSHDon and KHHDon) or "C26MAA". */
function symbolOf(text: string): { mauSo?: string; kyHieu: string } | undefined {
  const value = text.trim().toUpperCase();
  const match = /^([1-9])?([CK]\d{2}[A-Z]{3})$/.exec(value);
  if (!match) return undefined;
  return match[1] ? { mauSo: match[1], kyHieu: match[2]! } : { kyHieu: match[2]! };
}

const digits = (text: string | undefined) => (text ?? '').replace(/[.\s,₫đ]/g, '');

export function registerPortal(app: FastifyInstance, portal: PortalService, now: () => number = Date.now): void {
  const throttle = createPortalThrottle(now);

  /** 429 while the address is blocked; undefined when it may look up. */
  const blocked = (request: FastifyRequest, reply: FastifyReply) => {
    const seconds = throttle.blockedFor(request.ip);
    if (seconds === undefined) return undefined;
    reply.header('retry-after', String(seconds));
    return html(reply, 429, tooManyPage(seconds));
  };
  const wrong = (request: FastifyRequest, reply: FastifyReply) => {
    throttle.wrong(request.ip);
    return html(reply, 404, notFoundPage());
  };
  const found = (code: string | undefined, request: FastifyRequest, reply: FastifyReply) =>
    code
      ? reply.header('cache-control', 'private, no-store').redirect(`/tra-cuu/${encodeURIComponent(code)}`, 303)
      : wrong(request, reply);

  app.get('/tra-cuu/trang.css', { schema: { hide: true } }, async (_request, reply) =>
    answer(reply, 200, 'text/css; charset=utf-8', PORTAL_CSS),
  );

  app.get('/tra-cuu', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as PortalQuery;
    if (query.ma === undefined && query.mst === undefined) return html(reply, 200, formPage());
    const stop = blocked(request, reply);
    if (stop) return stop;
    if (query.ma !== undefined) {
      const code = query.ma.trim();
      return found(CODE.test(code) && (await portal.view(code)) ? code : undefined, request, reply);
    }
    const symbol = symbolOf(query.kyHieu ?? '');
    const number = Number(digits(query.so));
    const total = Number(digits(query.tongTien));
    const mst = digits(query.mst).replace(/-/g, '');
    if (
      !symbol ||
      !Number.isSafeInteger(number) ||
      number < 1 ||
      !Number.isSafeInteger(total) ||
      !/^\d{10}(\d{3})?$/.test(mst)
    )
      return wrong(request, reply);
    return found(await portal.codeOf({ ...symbol, number, total, mst }), request, reply);
  });

  app.get('/tra-cuu/:code', { schema: { hide: true } }, async (request, reply) => {
    const stop = blocked(request, reply);
    if (stop) return stop;
    const { code } = request.params as { code: string };
    const view = CODE.test(code) ? await portal.view(code) : undefined;
    return view ? html(reply, 200, invoicePage(view)) : wrong(request, reply);
  });

  const fileName = (invoice: { seller: { mst: string }; mauSo: string; kyHieu: string; number: number }, ext: string) =>
    `${invoice.seller.mst}_${invoice.mauSo}${invoice.kyHieu}_${invoice.number}.${ext}`;

  app.get('/tra-cuu/:code/hoa-don.xml', { schema: { hide: true } }, async (request, reply) => {
    const stop = blocked(request, reply);
    if (stop) return stop;
    const { code } = request.params as { code: string };
    const file = CODE.test(code) ? await portal.xml(code) : undefined;
    if (!file) return wrong(request, reply);
    reply.header('content-disposition', `attachment; filename="${fileName(file.invoice, 'xml')}"`);
    return answer(reply, 200, 'application/xml; charset=utf-8', file.xml);
  });

  app.get('/tra-cuu/:code/hoa-don.pdf', { schema: { hide: true } }, async (request, reply) => {
    const stop = blocked(request, reply);
    if (stop) return stop;
    const { code } = request.params as { code: string };
    const file = CODE.test(code) ? await portal.pdf(code) : undefined;
    if (!file) return wrong(request, reply);
    reply.header('content-disposition', `attachment; filename="${fileName(file.invoice, 'pdf')}"`);
    return answer(reply, 200, 'application/pdf', file.pdf);
  });
}
