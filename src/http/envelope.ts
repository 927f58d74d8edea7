/** The response envelopes of the spec (§1), as zod schemas so that responses are filtered and documented. */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  });

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export interface PageFigures {
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface Page<T> extends PageFigures {
  items: T[];
}

export const pageFigures = (total: number, pageNumber: number, pageSize: number): PageFigures => ({
  total,
  page: pageNumber,
  pageSize,
  totalPages: Math.ceil(total / pageSize),
});

export function page<T>(items: T[], total: number, pageNumber: number, pageSize: number): Page<T> {
  return { items, ...pageFigures(total, pageNumber, pageSize) };
}

/**
 * A page of a list whose total may be counted only so far (a common search key): `totalIsLowerBound: true`
 * then says so, and is absent on every exact total (docs/api.md "Totals counted up to a bound").
 */
export const boundedPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ totalIsLowerBound: z.literal(true).optional() });

/**
 * The figures of a page whose total may be a lower bound: then `totalPages` is the pages the total covers
 * plus one, so that a pager offers the next page, and `totalIsLowerBound` is true.
 */
export const boundedPageFigures = (
  total: number,
  totalIsLowerBound: boolean,
  pageNumber: number,
  pageSize: number,
): PageFigures & { totalIsLowerBound?: true } =>
  totalIsLowerBound
    ? { ...pageFigures(total, pageNumber, pageSize), totalPages: Math.ceil(total / pageSize) + 1, totalIsLowerBound }
    : pageFigures(total, pageNumber, pageSize);

export const success = <T>(data: T) => ({ success: true as const, data });

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `success` for an answer that is JSON text already (written by SQLite: an invoice's detail). The
 * route's response schema still documents it, and tests hold the text to it.
 */
export const sendSuccessWithJson = (reply: FastifyReply, dataJson: string): FastifyReply =>
  reply.type(JSON_TYPE).send(`{"success":true,"data":${dataJson}}`);

/**
 * Sends `success` for an answer whose list is JSON text already (written by SQLite: the invoice list): its
 * `data` is `rest` with `key` holding the list, sent as text, not serialised again. The route's response
 * schema still documents the answer, and tests hold the text to it.
 */
export function sendSuccessWithJsonList(
  reply: FastifyReply,
  key: string,
  listJson: string,
  rest: object,
): FastifyReply {
  const others = JSON.stringify(rest).slice(1, -1);
  return sendSuccessWithJson(reply, `{${JSON.stringify(key)}:${listJson}${others ? `,${others}` : ''}}`);
}
