import { telUploadResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-upload';
import { telKeys } from './query-keys';

export type TelUploadInput = {
  /** TEL-57: not required here; the server answers 422 when it is missing. */
  file: File | null;
  description: string;
  onProgress?: (progress: UploadProgress) => void;
};

/** TEL-56: multipart `file` and `description`; the answer is the new draft order's id. */
export function uploadTelFile({ file, description, onProgress }: TelUploadInput) {
  const body = new FormData();
  body.append('description', description);
  if (file) body.append('file', file);
  return apiUpload('/api/tel/upload', { body, schema: telUploadResponseSchema, onProgress });
}

export function useUploadTelFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTelFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telKeys.orders() }),
  });
}
