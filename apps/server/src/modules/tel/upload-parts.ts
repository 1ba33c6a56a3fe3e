import { TEL_MESSAGES } from '@tsunagu/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError, ValidationError } from '../../lib/errors.js';
import type { UploadInput } from './service.js';

/**
 * The multipart body of `POST /api/tel/upload`: exactly one file part named `file` (kept in
 * memory, at most TEL_LIMITS.uploadBytes) and an optional `description`. Every way the body can
 * be wrong answers 4xx with the reason under `file` (issue 16 §4, docs/security.md):
 *
 * - not multipart, or no `file` part: 422 "ファイルを選択してください";
 * - a second file part: 422 "ファイルは1つだけ…"; more parts or fields than the form has: 422;
 * - a file over the size limit: 422;
 * - a body cut off before its closing boundary: 400 "途中で途切れました";
 * - no boundary, or a part the parser cannot read: 400 "形式が正しくありません".
 *
 * Parser limits are set where the plugin is registered (routes.ts); their errors arrive here.
 */
export async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw fileError(TEL_MESSAGES.fileRequired);
  let bytes: Buffer | undefined;
  let description = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume(); // a file under another name is not ours to read
          continue;
        }
        if (bytes) throw fileError(TEL_MESSAGES.oneFileOnly);
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw fileError(TEL_MESSAGES.fileTooLarge);
        bytes = Buffer.concat(chunks);
      } else if (part.fieldname === 'description' && typeof part.value === 'string') {
        description = part.value;
      }
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (!bytes) throw fileError(TEL_MESSAGES.fileRequired);
  return { bytes, description };
}

function fileError(reason: string): ValidationError {
  return new ValidationError(TEL_MESSAGES.uploadFailed, { file: [reason] });
}

/** @fastify/multipart's limit errors, by code. */
const LIMIT_REASONS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: TEL_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: TEL_MESSAGES.oneFileOnly,
  FST_PARTS_LIMIT: TEL_MESSAGES.uploadTooManyParts,
  FST_FIELDS_LIMIT: TEL_MESSAGES.uploadTooManyParts,
};

/**
 * The parser's errors as the operator's reasons. busboy names its errors only in English
 * messages: an early end ("Unexpected end of form / multipart data", "… terminated early") is a
 * truncated body; "Multipart: Boundary not found", "Malformed part header" and the like are a
 * malformed one. Anything else is ours and stays a 500.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const limit = code ? LIMIT_REASONS[code] : undefined;
  if (limit) return fileError(limit);
  const text = message ?? '';
  if (code === 'FST_MP_PREMATURE_CLOSE' || /unexpected end|terminated early/i.test(text)) {
    return new BadRequestError(TEL_MESSAGES.uploadFailed, { file: [TEL_MESSAGES.uploadTruncated] });
  }
  if (code === 'FST_PROTO_VIOLATION' || /^(multipart|malformed)\b/i.test(text)) {
    return new BadRequestError(TEL_MESSAGES.uploadFailed, { file: [TEL_MESSAGES.uploadMalformed] });
  }
  return error;
}
