/**
 * The HTTP shape public T-VAN clients use, as the node and `hoadon tax-sim` speak it: the TDiep XML
 * base64-encoded in JSON, a bearer token, and paths a provider names (configurable). The field names are
 * chosen (each provider has its own); both sides import these schemas so they cannot drift.
 *
 *   POST {url}{send}              { "data": "<base64 TDiep>" }
 *     → 200 { "code": "00", "message": "…", "data": "<base64 999 or -1>" }
 *   GET  {url}{replies}/{MTDiep}
 *     → 200 { "code": "00", "message": "…", "data": ["<base64 TDiep>", …] }   every reply so far, oldest first
 *     → 200 { "code": "01", "message": "…", "data": [] }                      the id never arrived
 */
import { z } from 'zod';

export const TVAN_DEFAULT_PATHS = { send: '/api/tdiep/send', replies: '/api/tdiep/replies' } as const;
export type TvanPaths = { send: string; replies: string };

export const TVAN_CODES = { ok: '00', unknown: '01' } as const;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data phải là base64.');

export const tvanSendRequest = z.object({ data: base64.min(1).describe('the TDiep XML, base64') });
export const tvanSendAnswer = z.object({ code: z.string(), message: z.string(), data: base64 });
export const tvanRepliesAnswer = z.object({ code: z.string(), message: z.string(), data: z.array(base64) });

export const toBase64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
export const fromBase64 = (data: string) => Buffer.from(data, 'base64').toString('utf8');
