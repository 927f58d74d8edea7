/**
 * Backups over HTTP for an admin (docs/decisions.md §8): the copies in <data>/backups (daily ones and those made
 * here), a new one made now with SQLite's online backup (the till goes on), and the download of one.
 */

import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { fileResponse } from '../http/openapi-files.js';

const NAME = /^[a-z]+-[0-9TZ-]+\.(sqlite|age)$/;

const backup = z.object({
  name: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  sha256: z.string().nullable(),
  encrypted: z
    .boolean()
    .describe('true: an age file with the database and the store’s secrets (signing key, PIN, HQ credential)'),
});
type Backup = z.infer<typeof backup>;

function describe(dir: string, name: string): Backup {
  const file = join(dir, name);
  const checksum = `${file}.sha256`;
  return {
    name,
    sizeBytes: statSync(file).size,
    createdAt: statSync(file).mtime.toISOString(),
    sha256: existsSync(checksum) ? (readFileSync(checksum, 'utf8').split(/\s/)[0] ?? null) : null,
    encrypted: name.endsWith('.age'),
  };
}

export const backupRoutes =
  (deps: {
    /** The folder of the backups (<data>/backups). */
    dir: string;
    /**
     * Makes a backup now into the data dir's backups (src/backup/backup.service.ts), encrypted with the
     * store's secrets when a backup passphrase is set.
     */
    makeBackup: () => Promise<{ file: string }>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { dir } = deps;
    const tags = ['backups'];
    app.get(
      '/backups',
      {
        schema: {
          tags,
          summary: 'The backups of the store database, newest first',
          operationId: 'listBackups',
          response: { ...errorResponses(401, 403, 429), 200: ok(z.array(backup)) },
        },
      },
      async () => {
        const names = existsSync(dir) ? readdirSync(dir).filter((n) => NAME.test(n)) : [];
        return success(names.map((n) => describe(dir, n)).sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
      },
    );
    app.post(
      '/backups',
      {
        schema: {
          tags,
          summary:
            'Make a backup now (SQLite online backup, with its SHA-256 beside it); encrypted with the store’s secrets when a backup passphrase is set',
          operationId: 'createBackup',
          response: { ...errorResponses(401, 403, 409, 422, 429), 201: ok(backup) },
        },
      },
      async (_request, reply) => {
        const made = await deps.makeBackup();
        return reply.code(201).send(success(describe(dir, basename(made.file))));
      },
    );
    app.get(
      '/backups/:name',
      {
        schema: {
          tags,
          summary: 'Download a backup (a SQLite database file, or an encrypted .age archive)',
          operationId: 'downloadBackup',
          params: z.object({ name: z.string().max(100) }),
          response: {
            ...errorResponses(401, 403, 404, 429),
            200: fileResponse('application/octet-stream', 'The backup (application/vnd.sqlite3 for a plain one)'),
          },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        if (!NAME.test(name) || !existsSync(join(dir, name))) throw notFound('bản sao lưu', name);
        return reply
          .type(name.endsWith('.age') ? 'application/octet-stream' : 'application/vnd.sqlite3')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(createReadStream(join(dir, name)));
      },
    );
  };
