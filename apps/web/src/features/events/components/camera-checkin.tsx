import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@/ui/dialog';
import type { CameraDeps } from '../lib/qr-scanner';

/** How often a frame is read (a code held up is read within this). */
const SCAN_EVERY_MS = 250;

/**
 * 「カメラで読み取る」 (decision 0384): the back camera's picture in a dialog; the first QR code
 * read is handed on (the page marks it 出席) and the camera is stopped. Without a camera or
 * permission, it says so — the code can still be typed into the field.
 */
export function CameraCheckin(props: { deps: CameraDeps; onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        カメラで読み取る
      </button>
      {open ? (
        <CameraDialog
          deps={props.deps}
          onClose={() => setOpen(false)}
          onCode={(code) => {
            setOpen(false);
            props.onCode(code);
          }}
        />
      ) : null}
    </>
  );
}

function CameraDialog(props: {
  deps: CameraDeps;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const { deps } = props;
  // The latest handler, without restarting the camera when the page re-renders.
  const onCode = useRef(props.onCode);
  useEffect(() => {
    onCode.current = props.onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let released = false;
    const release = () => {
      if (released || !stream) return;
      released = true;
      stream.getTracks().forEach((track) => track.stop());
    };
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      release();
    };
    (async () => {
      try {
        const [scanner, opened] = await Promise.all([deps.loadScanner(), deps.openCamera()]);
        stream = opened;
        if (stopped) return stop();
        const element = video.current!;
        element.srcObject = opened;
        try {
          await element.play();
        } catch {
          // Autoplay refused or not playable: frames may still be read once it plays.
        }
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          const code = await scanner.scan(element).catch(() => null);
          if (stopped) return;
          if (code && code.trim() !== '') {
            stop();
            onCode.current(code.trim());
            return;
          }
          timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('failed');
        stop();
      }
    })();
    return stop;
  }, [deps]);

  return (
    <Dialog open title="QRコードを読み取る" onClose={props.onClose}>
      {state === 'failed' ? (
        <p className="notice notice--error" role="alert">
          カメラを使えません。カメラの許可を確かめるか、受付コードを入力してください。
        </p>
      ) : (
        <p className="text-muted" role="status">
          {state === 'starting' ? 'カメラを起動しています…' : '予約のQRコードを枠に映してください'}
        </p>
      )}
      <video ref={video} className="ev-camera" muted playsInline aria-label="カメラの映像" />
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          閉じる
        </button>
      </div>
    </Dialog>
  );
}
