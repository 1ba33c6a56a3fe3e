import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from '../../lib/lazy-module.js';

/**
 * PureEdit's raw HTML made safe on save (decision 0342): only plain content tags survive —
 * no script, style, frame, object, form, SVG, meta or base; no event handler, `style` or
 * `class`; links and images only over http(s) (links also mailto: and tel:). What is left is
 * text a browser cannot run, and the page's CSP forbids script besides.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'div',
    'section',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'details',
    'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Text inside a refused element that can only hold code is dropped, not shown.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow' },
    }),
  },
};
OPTIONS.allowedAttributes = {
  ...(OPTIONS.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'rel'],
};

/** sanitize-html (with postcss, about 15 MB) is loaded on the first save, not at start-up (decision 0460). */
const library = lazyModule(() => import('sanitize-html').then((module) => module.default));

export async function sanitizePageHtml(html: string): Promise<string> {
  return (await library())(html, OPTIONS);
}
