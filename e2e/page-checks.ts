// Checks on a rendered page shared by the layout, menu and catalogue tests.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import axe from 'axe-core';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; impact?: string | null; targets: string[] };

/**
 * Serious and critical axe findings (WCAG 2.1 A/AA), one line per rule and element.
 *
 * Every rule of those tags runs on the whole document, as before; two things axe does by default
 * and this check never reads are left out (decision 0285): the details of the passing and
 * inapplicable results (`resultTypes`: axe then builds a CSS selector for only the first node of
 * each), and, on a page without frames, the frame-by-frame run that finishes in a second, blank
 * page: one `axe.run` in the page. On such a page axe-core is injected once per document and
 * stays for the next check (the layout sweep's second width), where `AxeBuilder.analyze()`
 * evaluated its 570 KB source twice per call (decision 0520). A page with frames keeps
 * AxeBuilder's frame-by-frame run, so a frame's content is still checked.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = page.frames().length === 1 ? await axeInPage(page) : await axeByFrame(page);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.targets.map((target) => `${violation.id}: ${target}`));
}

/** One `axe.run` in the page itself; axe-core is injected only if this document lacks it. */
async function axeInPage(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, AXE_TAGS);
}

/** AxeBuilder's frame-by-frame run, for a page that has frames. */
async function axeByFrame(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** How far the page itself scrolls sideways (0 when it does not). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Controls in the page area that stick out of the viewport sideways, i.e. that the operator
 * could reach only by scrolling the page to the side. A control inside a box that scrolls on its
 * own (a wide table in its card) is within reach and not listed.
 */
export function controlsOutOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsOnItsOwn = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth) {
          return true;
        }
      }
      return false;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main input, main select, main textarea, main [tabindex="0"]',
    );
    return Array.from(controls).flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (!control.checkVisibility() || box.width <= 1 || box.height <= 1) return [];
      if (box.left >= -1 && box.right <= width + 1) return [];
      if (scrollsOnItsOwn(control)) return [];
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
      return [
        `${control.tagName.toLowerCase()} 「${name.slice(0, 30)}」 at ${Math.round(box.left)}–${Math.round(box.right)} px`,
      ];
    });
  });
}

/**
 * Line breaks inside a word in the given elements: between two katakana (ー included), two
 * kanji, or two Latin letters or digits. ('ファイルアップ/ロード' and 'テンプレート登/録' are such
 * breaks; '通知メッセージ/ファイルアップロード' is not.) Kanji compounds can be split
 * legitimately (権限/作成); a heading that needs such a split needs more room instead.
 */
export function midWordBreaks(scope: Page | Locator, selector: string): Promise<string[]> {
  const root = 'locator' in scope && 'goto' in scope ? scope.locator('html') : scope;
  return root.evaluate((top, css) => {
    const sameWord = (a: string, b: string) => {
      const katakana = /[\u30a0-\u30ff]/;
      const kanji = /[\u3400-\u9fff々]/;
      const latin = /[A-Za-z0-9]/;
      return [katakana, kanji, latin].some((kind) => kind.test(a) && kind.test(b));
    };
    const found: string[] = [];
    const range = document.createRange();
    for (const element of Array.from(top.querySelectorAll<HTMLElement>(css))) {
      if (!element.checkVisibility()) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        let previous: DOMRect | undefined;
        for (let index = 0; index < text.length; index += 1) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue;
          if (previous && rect.top >= previous.bottom - 1 && index > 0) {
            const before = text[index - 1] ?? '';
            const after = text[index] ?? '';
            if (sameWord(before, after)) {
              found.push(
                `「${text.slice(0, index)}/${text.slice(index)}」 (${element.tagName.toLowerCase()}.${element.className})`,
              );
            }
          }
          previous = rect;
        }
      }
    }
    return found;
  }, selector);
}

/** The page's main action: its first primary button or link, else its heading. */
export async function mainAction(page: Page): Promise<Locator> {
  const primary = page.locator('main .btn--primary').filter({ visible: true }).first();
  return (await primary.count()) > 0 ? primary : page.getByRole('heading', { level: 1 }).first();
}
