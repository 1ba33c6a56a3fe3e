import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADERS } from './test-app.js';

export interface FilePart {
  name: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----tsunagu${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `content-type: ${file.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/tel/upload as the console does: `file` and `description`. */
export function uploadCsv(
  app: FastifyInstance,
  cookie: string,
  content: Buffer | string | null,
  description = '',
): Promise<LightMyRequestResponse> {
  const body = multipartBody(
    { description },
    content === null ? [] : [{ name: 'file', filename: 'messages.csv', content }],
  );
  return app.inject({
    method: 'POST',
    url: '/api/tel/upload',
    headers: { cookie, ...CSRF_HEADERS, ...body.headers },
    payload: body.payload,
  });
}
