/**
 * A 200 answer that is a file, not the JSON envelope (an invoice's PDF or XML), for a route's `response`.
 * @fastify/swagger takes a response schema's own `content` as the answer's media types; the route sends a
 * Buffer or a string, which fastify never passes through the schema, so it only documents.
 */
import { z } from 'zod';

export const fileResponse = (mediaType: string, description: string) =>
  z.unknown().meta({ description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } });
