import type { LandingBlock } from '@tsunagu/contracts';
import { escapeHtml as e, pageDocument } from './html.js';
import type { PublishedPage } from './service.js';

/** Where the page's links lead: the console's origin serves /t/, /r/, /f/ and the images. */
function blockHtml(block: LandingBlock, page: PublishedPage, origin: string): string {
  const link = (path: string | undefined, label: string, className: string) =>
    path ? `<a class="${className}" href="${e(origin + path)}">${e(label)}</a>` : '';
  switch (block.type) {
    case 'heading':
      return block.level === 1 ? `<h1>${e(block.text)}</h1>` : `<h2>${e(block.text)}</h2>`;
    case 'text':
      return `<p>${e(block.text)}</p>`;
    case 'image': {
      const path = page.links.images.get(block.image_id);
      return path ? `<img src="${e(origin + path)}" alt="${e(block.alt)}" loading="lazy">` : '';
    }
    case 'friend_button': {
      const trackerId = [...page.links.trackers.keys()][0];
      const path = trackerId === undefined ? undefined : page.links.trackers.get(trackerId);
      return link(path, block.label, 'button line');
    }
    case 'booking_button':
      return link(page.links.salons.get(block.salon_id), block.label, 'button');
    case 'form':
      return link(page.links.forms.get(block.form_id), block.label, 'button');
    case 'coupon':
      return [
        '<div class="coupon">',
        `<strong>${e(block.title)}</strong>`,
        block.description ? `<p>${e(block.description)}</p>` : '',
        block.code ? `<div class="code">${e(block.code)}</div>` : '',
        block.valid_until
          ? `<small>有効期限：${e(block.valid_until.replaceAll('-', '/'))}まで</small>`
          : '',
        '</div>',
      ].join('');
    case 'map': {
      const href = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(block.address)}`;
      return `<p>${e(block.address)}</p><a class="button" href="${e(href)}">地図を開く</a>`;
    }
    case 'faq':
      return block.items
        .map(
          (item) =>
            `<details><summary>${e(item.question)}</summary><p>${e(item.answer)}</p></details>`,
        )
        .join('');
  }
}

/** The public landing page: server-rendered HTML, no script. */
export function renderLandingPage(page: PublishedPage, origin: string, url: string): string {
  return pageDocument({
    title: page.title,
    description: page.description,
    url,
    ogImage: page.ogImagePath ? origin + page.ogImagePath : null,
    body: page.blocks.map((block) => blockHtml(block, page, origin)).join(''),
  });
}
