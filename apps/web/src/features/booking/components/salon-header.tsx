import type { BookingPage } from '@tsunagu/contracts';

/** The shop's phone as a tel: link (its digits and +). */
export function ShopTel({ tel }: { tel: string }) {
  return <a href={`tel:${tel.replace(/[^\d+]/g, '')}`}>{tel}</a>;
}

/**
 * The salon's name, the page's title and notice, its address and phone, and who is booking.
 * After the first step (`compact`) one line: the shop's name and phone, so the step keeps the
 * screen.
 */
export function SalonHeader(props: { page: BookingPage; memberName: string; compact: boolean }) {
  const { page, memberName } = props;
  const name = page.shop_info.name || page.salon_name;
  if (props.compact)
    return (
      <header className="bk-header bk-header--compact">
        <p className="bk-header__salon">{name}</p>
        {page.shop_info.tel ? <ShopTel tel={page.shop_info.tel} /> : null}
      </header>
    );
  return (
    <header className="bk-header">
      <p className="bk-header__salon">{name}</p>
      <h1 className="bk-header__title">{page.title || 'オンライン予約'}</h1>
      {page.notice ? <p className="bk-header__notice">{page.notice}</p> : null}
      {page.shop_info.address || page.shop_info.tel ? (
        <p className="bk-header__shop">
          {page.shop_info.address}
          {page.shop_info.address && page.shop_info.tel ? '・' : ''}
          {page.shop_info.tel ? <ShopTel tel={page.shop_info.tel} /> : null}
        </p>
      ) : null}
      {memberName ? <p className="bk-header__member">{memberName} 様</p> : null}
    </header>
  );
}
