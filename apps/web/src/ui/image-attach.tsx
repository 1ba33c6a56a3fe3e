import {
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGE_IMAGE_TEXT,
  messageImageSchema,
  type MessageImage,
} from '@tsunagu/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { errorText, isApiError } from '@/lib/api-error';

/**
 * Uploads a picture for a message (decision 0305): the file itself is the body; the answer holds
 * the two public URLs LINE fetches (original and preview).
 */
export function useUploadMessageImage() {
  return useMutation({
    mutationFn: (file: File): Promise<MessageImage> =>
      apiRequest('/api/line/message_images', {
        method: 'POST',
        body: file,
        schema: messageImageSchema,
      }),
  });
}

/** What is wrong with a picked file before it is sent, or null (the server checks it again). */
export function pickedFileProblem(file: { type: string; size: number }): string | null {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return MESSAGE_IMAGE_TEXT.notImage;
  if (file.size > MESSAGE_IMAGE_MAX_BYTES) return MESSAGE_IMAGE_TEXT.tooLarge;
  if (file.size === 0) return MESSAGE_IMAGE_TEXT.empty;
  return null;
}

/**
 * 画像を添付: a JPEG/PNG up to 10 MB (a phone photo), uploaded at once; `onUploaded` gets the
 * stored image with its URLs. The server's refusal (in Japanese, naming the image) is shown here.
 */
export function ImageAttach(props: {
  label?: string;
  disabled?: boolean;
  onUploaded: (image: MessageImage) => void;
}) {
  const id = useId();
  const upload = useUploadMessageImage();
  const [problem, setProblem] = useState<string | null>(null);
  const serverProblem = upload.error
    ? isApiError(upload.error)
      ? (upload.error.fieldErrors.image?.[0] ?? errorText(upload.error))
      : errorText(upload.error)
    : null;
  const shown = problem ?? serverProblem;
  return (
    <div className="image-attach">
      <label className="btn btn--secondary image-attach__button" htmlFor={`${id}-file`}>
        {upload.isPending ? 'アップロード中…' : (props.label ?? '画像を添付')}
      </label>
      <input
        id={`${id}-file`}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png"
        disabled={props.disabled || upload.isPending}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = pickedFileProblem(file);
          setProblem(found);
          if (found) return;
          upload.mutate(file, { onSuccess: props.onUploaded });
        }}
      />
      {shown ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
