import type { SalonUrl } from '@tsunagu/contracts';
import { lazy, Suspense } from 'react';
import { Dialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';

// The QR generator loads only when a code is first shown.
const QrCodeSvg = lazy(() => import('./qr-code-svg'));

/** The QR code of one booking URL, to print on a flyer or show at the counter. */
export function QrDialog({ url, onClose }: { url: SalonUrl; onClose: () => void }) {
  return (
    <Dialog open title={`「${url.name}」のQRコード`} onClose={onClose} width={360}>
      <div className="salon-qr">
        <Suspense fallback={<Loading label="QRコードを作成中..." />}>
          <QrCodeSvg text={url.url} label={`${url.name}のQRコード`} />
        </Suspense>
        <p className="salon-qr__url">{url.url}</p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          閉じる
        </button>
      </div>
    </Dialog>
  );
}
