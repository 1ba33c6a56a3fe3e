import { escapeHtml as e, pageDocument } from './html.js';
import type { SiteView } from './sites-service.js';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];
const yen = (price: number) => `${price.toLocaleString('ja-JP')}円`;

function shopBody(
  view: Extract<SiteView, { kind: 'top' | 'menu' | 'staff' | 'hours' }>,
  origin: string,
) {
  const shop = view.shop;
  if (!shop) return '<p>準備中です</p>';
  const booking = `<a class="button" href="${e(origin + shop.bookingPath)}">予約する</a>`;
  const menu = `<h2>メニュー</h2><table>${shop.courses
    .map(
      (course) =>
        `<tr><td>${e(course.name)}<br><small>${course.minutes}分</small></td><td>${yen(course.price)}</td></tr>`,
    )
    .join('')}</table>`;
  const staff = `<h2>スタッフ</h2>${shop.staff
    .map(
      (person) =>
        `<h3>${e(person.name)}</h3>${person.description ? `<p>${e(person.description)}</p>` : ''}`,
    )
    .join('')}`;
  const hours = `<h2>営業時間</h2><table>${shop.week
    .map((day) => {
      const [, m, d] = day.date.split('-').map(Number);
      const weekday = WEEKDAYS[new Date(`${day.date}T00:00:00Z`).getUTCDay()];
      return `<tr><td>${m}/${d}（${weekday}）</td><td>${day.open ? `${e(day.open.from)}〜${e(day.open.to)}` : '休業日'}</td></tr>`;
    })
    .join('')}</table>`;
  if (view.kind === 'menu') return menu + booking;
  if (view.kind === 'staff') return staff + booking;
  if (view.kind === 'hours') return hours + booking;
  return `<h1>${e(shop.name)}</h1>${booking}${hours}`;
}

/** A shop site's page: a menu of its pages, then the shop's data or the sanitised HTML. */
export function renderSitePage(view: SiteView, origin: string, pagesOrigin: string): string {
  const base = `${pagesOrigin}/s/${view.site.slug}`;
  const nav = [
    `<a href="${e(base)}">トップ</a>`,
    ...(view.site.salonId === null
      ? []
      : [
          `<a href="${e(base)}/menu">メニュー</a>`,
          `<a href="${e(base)}/staff">スタッフ</a>`,
          `<a href="${e(base)}/hours">営業時間</a>`,
        ]),
    ...view.pages.map((page) => `<a href="${e(`${base}/${page.path}`)}">${e(page.title)}</a>`),
  ].join('');
  // The page's HTML was sanitised when it was saved (decision 0342) and is inserted as is.
  const body = view.kind === 'html' ? view.page.html : shopBody(view, origin);
  const title = view.kind === 'html' ? `${view.page.title}｜${view.site.name}` : view.site.name;
  return pageDocument({
    title,
    description: view.site.name,
    url: view.kind === 'html' ? `${base}/${view.page.path}` : base,
    ogImage: null,
    body: `<nav>${nav}</nav>${body}`,
  });
}
