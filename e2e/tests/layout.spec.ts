import { builtScreens } from '../built-screens';
import { expect, test } from '../fixtures';
import {
  controlsOutOfReach,
  mainAction,
  midWordBreaks,
  seriousViolations,
  sidewaysScroll,
} from '../page-checks';

// Every built screen (route table + route-pages.ts, so new screens join by themselves) on a
// phone and on a desktop, as the demo owner: the page never scrolls sideways, the main action
// and every other control are within reach without doing so, axe finds nothing serious, and
// headings, labels, buttons and badges never break inside a word. ADR 0060.
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** Text that must never break inside a word, in the page area. */
const LABELS = [
  'h1',
  'h2',
  'th',
  'label',
  'legend',
  '.btn',
  '.badge',
  '.tag',
  '.sample-tag',
  '.breadcrumbs__item',
  '.top-card a',
]
  .map((selector) => `main ${selector}`)
  .join(', ');

/** The catalogue shows loading states on purpose; other screens are ready once none is left. */
const SHOWS_LOADING_STATES = new Set(['UiCatalogue']);

for (const viewport of VIEWPORTS) {
  test.describe(`built screens at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // The catalogue holds a 5,000-row table, and axe reads the whole page.
    test.describe.configure({ timeout: 120_000 });

    for (const screen of builtScreens()) {
      test.describe(screen.name, () => {
        test.use({ signedInAs: screen.signedIn ? 'demo' : null });

        test(`${screen.path} (${screen.title}): nothing sideways, main action in reach, axe clean, words whole`, async ({
          page,
        }) => {
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await expect(page.locator('main p.loading')).toHaveCount(0);
          if (!SHOWS_LOADING_STATES.has(screen.name)) {
            await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
          }

          expect(await sidewaysScroll(page), 'the page scrolls sideways by').toBe(0);
          const action = await mainAction(page);
          await expect(action).toBeVisible();
          const box = await action.boundingBox();
          expect(box, 'the main action is laid out').not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
          expect(await controlsOutOfReach(page)).toEqual([]);
          expect(await midWordBreaks(page, LABELS)).toEqual([]);
          expect(await seriousViolations(page)).toEqual([]);
        });
      });
    }
  });
}
