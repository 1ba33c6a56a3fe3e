import type { z } from 'zod';
import { ERROR_REASON_HEADER } from '@tsunagu/contracts';
import { apiHeaders, checkedResponse, failedResponse, parseJsonText, reasonOf } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

export type UploadProgress = {
  loaded: number;
  /** null when the browser cannot tell the size of the body. */
  total: number | null;
};

export type UploadOptions<T> = {
  body: FormData;
  schema?: z.ZodType<T>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POSTs a multipart body and reports how much of it has been sent. fetch cannot report upload
 * progress, so this one call uses XMLHttpRequest; headers, 401 handling and ApiError mapping
 * are the api client's own.
 */
export function apiUpload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T> {
  const { body, schema, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.onload = () => {
      settle();
      const data = parseJsonText(xhr.responseText);
      try {
        if (xhr.status < 200 || xhr.status >= 300) {
          const reason = reasonOf(xhr.getResponseHeader(ERROR_REASON_HEADER));
          throw failedResponse(xhr.status, data, 'redirect', reason);
        }
        resolve(checkedResponse(xhr.status, data, schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'network', NETWORK_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
    };
    xhr.send(body);
  });
}
