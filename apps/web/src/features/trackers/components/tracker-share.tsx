import type { Tracker } from '@tsunagu/contracts';
import { copyText } from '@/lib/clipboard';
import { useToast } from '@/ui/toast';

/** The tracker's public URL and QR code: copy, and download as PNG or SVG for print. */
export function TrackerShare({ tracker }: { tracker: Tracker }) {
  const toast = useToast();
  const qr = `/api/line/trackers/${tracker.id}/qr`;
  return (
    <section className="tracker-share" aria-label="URLとQRコード">
      <img className="tracker-share__qr" src={`${qr}.svg`} alt={`${tracker.name}のQRコード`} />
      <div>
        <p className="tracker-share__url" data-testid="tracker-url">
          {tracker.url}
        </p>
        <p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={async () => {
              if (await copyText(tracker.url)) toast.success('URLをコピーしました');
              else toast.error('コピーできませんでした');
            }}
          >
            URLをコピー
          </button>{' '}
          <a className="btn btn--secondary" href={`${qr}.png`} download>
            QRコード（PNG）
          </a>{' '}
          <a className="btn btn--secondary" href={`${qr}.svg`} download>
            QRコード（SVG）
          </a>
        </p>
        <p className="text-muted">
          アクションや名前を変えても、URLとQRコードは変わりません。停止しても、URLは友だち追加画面へ進みます。
        </p>
      </div>
    </section>
  );
}
