/** Names for the generated API types: the `data` of an operation's 200 (or 201) answer. */
import type { paths } from './schema';

type Answer<O> = O extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
  ? D
  : O extends { responses: { 201: { content: { 'application/json': { data: infer D } } } } }
    ? D
    : never;

export type Schema<P extends keyof paths, M extends keyof paths[P]> = Answer<paths[P][M]>;
