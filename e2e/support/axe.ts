import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';

// WCAG 2.2 A and AA with axe-core, the one helper every journey uses (docs/decisions/020).
//
// axe-core runs inside each frame of the page (the portal and, when open, the processor's hosted fields
// on their own origin), injected once per document. @axe-core/playwright's `analyze()` re-injects axe
// into every frame and opens a blank page to merge the results on every call: about 1.3 s a call on this
// 2-core machine against 0.1-0.2 s here, and the journeys run a few hundred of them.

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
export const AXE_WIDTHS = [375, 1280] as const;

interface Violation {
  id: string;
  targets: string[];
}

async function violationsIn(frame: Frame, include: string | null): Promise<Violation[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(
    async ({ tags, selector }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: unknown,
              options: unknown,
            ) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
          };
        }
      ).axe;
      const results = await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        // Each frame is checked on its own below (a cross-origin frame cannot be reached from here).
        iframes: false,
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    },
    { tags: WCAG_TAGS, selector: include },
  );
}

/** The page's axe violations as `rule: targets` lines: the page (or `include` in it) and every child frame. */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const lines: string[] = [];
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame();
    // A frame still loading (about:blank) has nothing to check yet.
    if (!main && (options.include || frame.url() === 'about:blank' || frame.isDetached())) continue;
    const where = main ? '' : `[frame ${new URL(frame.url()).pathname}] `;
    for (const violation of await violationsIn(frame, main ? (options.include ?? null) : null)) {
      lines.push(`${where}${violation.id}: ${violation.targets.join(', ')}`);
    }
  }
  return lines;
}

/**
 * Lets the page settle after a change of width, and running transitions end (a layout change fades parts
 * of the header in and out): half-faded text would be measured for contrast. Endless animations
 * (spinners) are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A resize first reaches the layout, then the app (its media queries re-render the header a frame or
    // two later): until then the desktop header wraps onto the page at a phone's width.
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Fails with the violations axe finds on the page as it is now. */
export async function expectNoViolations(
  page: Page,
  what: string,
  options: { include?: string } = {},
): Promise<void> {
  await transitionsEnded(page);
  expect(await axeViolations(page, options), `${what} (${page.viewportSize()?.width ?? 0}px)`).toEqual([]);
}

/**
 * Checks the page at a phone's and a desktop's width (the layout changes at 959 and 599 px), ending at the
 * desktop's. At the phone's width the page must also fit: nothing makes it scroll sideways (WCAG 1.4.10
 * reflow, which axe does not test; a wide table may scroll inside its own region).
 */
export async function expectNoViolationsAtEachWidth(
  page: Page,
  what: string,
  ready: () => Promise<void> = async () => {},
): Promise<void> {
  // A server-rendered page keeps the width the server laid it out for until it has hydrated (it is inert
  // until then): resized before, a desktop's markup in a phone's window scrolls sideways.
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await expectNoViolations(page, what);
    if (width === AXE_WIDTHS[0]) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${what} (${width}px) scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  }
}
