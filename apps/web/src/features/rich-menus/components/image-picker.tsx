import { useState } from 'react';

const MAX_BYTES = 20 * 1024 * 1024;

/** The owner's JPEG/PNG (a phone photo or a large PNG is fine: the server resizes it). */
export function ImagePicker(props: {
  hasImage: boolean;
  onPick: (file: File, dataUrl: string, shape: { width: number; height: number }) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field">
      <label className="field__label" htmlFor="rm-image">
        メニュー画像（JPEG・PNG、20MBまで）
      </label>
      <input
        id="rm-image"
        type="file"
        accept="image/jpeg,image/png"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          if (!['image/jpeg', 'image/png'].includes(file.type)) {
            setError('JPEG か PNG の画像を選んでください');
            return;
          }
          if (file.size > MAX_BYTES) {
            setError('画像は20MBまでにしてください');
            return;
          }
          setError(null);
          // A data: URL, which the console's Content-Security-Policy allows for images.
          const reader = new FileReader();
          reader.onload = () => {
            const url = String(reader.result);
            const image = new Image();
            image.onload = () =>
              props.onPick(file, url, { width: image.naturalWidth, height: image.naturalHeight });
            image.onerror = () =>
              setError('画像を読み込めませんでした。JPEG か PNG の画像を選んでください');
            image.src = url;
          };
          reader.readAsDataURL(file);
        }}
      />
      <p className="field__hint">
        画像はLINEの大きさに合わせて切り抜き、1MB以下に圧縮してから保存します（保存したときに送ります）。
        {props.hasImage ? '新しい画像を選ぶと差し替えます。' : ''}
      </p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
