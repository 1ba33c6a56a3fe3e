import { useOnlineUrl } from '../api/online-url';

/**
 * The preview (issue 12): the customer booking page as a customer sees it, in a new tab so the
 * settings stay open (decision 0136). A link, not a script: the browser never blocks it as a
 * pop-up, and the address can be copied from it.
 */
export function PreviewLink({ salonId }: { salonId: number }) {
  const url = useOnlineUrl(salonId);
  if (!url.data)
    return (
      <button type="button" className="btn" disabled>
        プレビュー
      </button>
    );
  return (
    <a className="btn" href={url.data.url} target="_blank" rel="noopener noreferrer">
      プレビュー<span className="visually-hidden">（新しいタブで開きます）</span>
    </a>
  );
}
