import {
  FRIENDS_CSV_LIMITS,
  errorBodySchema,
  friendsExportQuerySchema,
  friendsImportResultSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { todayInTokyo } from '@tsunagu/contracts';
import { authOf } from '../auth/index.js';
import { friendsCsv } from './export.js';
import { importFriendsCsv } from './import.js';

/**
 * Friends as CSV (decision 0160): `GET /api/line/friends_csv` exports the filtered list (any
 * operator, as the list itself); `POST /api/line/friends_csv` imports friend information from a
 * `text/csv` body (`tag-write`).
 */
export async function friendsCsvRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['friends'];
  // The import's body is the file itself, read as bytes (its encoding is found from them).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: FRIENDS_CSV_LIMITS.importBytes },
    (_request, body, done) => done(null, body),
  );

  routes.get(
    '/friends_csv',
    {
      schema: {
        tags,
        summary: 'LINE友だちのCSV出力（一覧と同じ絞り込み、UTF-8（BOMつき）または CP932）',
        querystring: friendsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { encoding, ...filter } = request.query;
      const stamp = todayInTokyo().replaceAll('-', '');
      return reply
        .header('content-type', `text/csv; charset=${encoding === 'cp932' ? 'Shift_JIS' : 'utf-8'}`)
        .header('content-disposition', `attachment; filename="friends-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(friendsCsv(app.db, authOf(request).accountId, filter, encoding)));
    },
  );

  routes.post(
    '/friends_csv',
    {
      config: { access: needs('tag-write') },
      // The body is the CSV's bytes, passed on as they are and checked by the import itself
      // (the schema below documents it; the route has no params or query).
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags,
        summary: 'LINE友だちの友だち情報をCSVから取り込む',
        description:
          'text/csv の本文（CP932 または UTF-8、5MB・20,000行まで）。見出し行に「LINEユーザーID」と友だち情報欄の名前。空欄はそのまま。誤りのある行が一つでもあれば 422（行番号つきの理由）で、何も保存されません。',
        consumes: ['text/csv'],
        body: z.string().meta({ format: 'binary' }),
        response: {
          200: friendsImportResultSchema,
          403: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return importFriendsCsv(app.db, authOf(request).accountId, bytes);
    },
  );
}
