import type { BookingPage } from '@tsunagu/contracts';

/** The salon's name, the page's title and notice, its address and phone, and who is booking. */
export function SalonHeader({ page, memberName }: { page: BookingPage; memberName: string }) {
  return (
    <header className="bk-header">
      <p className="bk-header__salon">{page.shop_info.name || page.salon_name}</p>
      <h1 className="bk-header__title">{page.title || 'オンライン予約'}</h1>
      {page.notice ? <p className="bk-header__notice">{page.notice}</p> : null}
      {page.shop_info.address || page.shop_info.tel ? (
        <p className="bk-header__shop">
          {page.shop_info.address}
          {page.shop_info.address && page.shop_info.tel ? '・' : ''}
          {page.shop_info.tel ? (
            <a href={`tel:${page.shop_info.tel.replace(/[^\d+]/g, '')}`}>{page.shop_info.tel}</a>
          ) : null}
        </p>
      ) : null}
      {memberName ? <p className="bk-header__member">{memberName} 様</p> : null}
    </header>
  );
}
