import { useEffect, useState, type ReactNode } from 'react';

/**
 * The first page of a visit is on the screen (docs/decisions/033): code that the first page does not
 * need — the contract schemas (zod), oidc-client-ts, the idle watch and its dialog — waits for this
 * moment instead of competing with the page for the network and the main thread of a phone.
 *
 * The shell marks it once the first route's page has rendered and no query is fetching
 * (app/layout/first-page-mark.tsx); a visit that never gets there (an error page, a stuck request)
 * reaches it after FIRST_PAGE_FALLBACK_MS anyway.
 */
export const FIRST_PAGE_FALLBACK_MS = 10_000;

/** A moment of the visit that code can wait for: its promise, and what makes it come. */
function moment(): { reached: Promise<void>; reach: () => void } {
  let reach: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return { reached, reach };
}

let shown = false;
let shownMoment = moment();
let fallback: ReturnType<typeof setTimeout> | null = null;

/** Whether the first page has been shown (then nothing waits any more). */
export const firstPageShown = (): boolean => shown;

/** Marks the first page as shown: whatever waits for it starts now. */
export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  // For the benches (bench/main-thread.mjs): when the work that waited for this moment starts.
  performance.mark('portal:first-page-shown');
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  shownMoment.reach();
}

/** Resolves once the first page is shown (at the latest FIRST_PAGE_FALLBACK_MS after the first call). */
export function whenFirstPageShown(): Promise<void> {
  // A page rendered on the server (entry-server.tsx) is never "shown" there: what waits for it runs in the browser.
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  if (!shown && fallback === null) fallback = setTimeout(markFirstPageShown, FIRST_PAGE_FALLBACK_MS);
  return shownMoment.reached;
}

/**
 * How long the contract schemas wait after the first page is shown, when the visitor has done nothing, before
 * they load anyway (in idle time). Building them is several long tasks on a phone (zod: 250-550 ms at 4×,
 * bench/RESULTS.md); right after the page is shown they are the main thread's blocking time while the
 * visitor is starting to use the page, and nothing needs them yet: the server checked its answers against
 * the same schemas on the way out, and a form loads them itself when it is submitted.
 */
export const SCHEMAS_WAIT_MS = 6_000;
/** What the visitor does that loads the schemas at once: the first press, key or touch (a form to fill in). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

let settled = false;
let settledMoment = moment();
let settleArmed = false;
let settleTimer: ReturnType<typeof setTimeout> | null = null;
const onInput = () => {
  void whenFirstPageShown().then(markPageSettled);
};

/**
 * Whether the work that waits past the first page (the schemas) may run: the first page is shown and the
 * visitor has pressed, typed or touched, or SCHEMAS_WAIT_MS have passed since it was shown.
 */
export const pageSettled = (): boolean => settled;

/** Marks the page as settled: what waits for it (whenPageSettled) starts now. */
export function markPageSettled(): void {
  if (settled) return;
  settled = true;
  performance.mark('portal:page-settled');
  if (settleTimer !== null) clearTimeout(settleTimer);
  settleTimer = null;
  for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  settledMoment.reach();
}

/** Resolves once the page has settled (see pageSettled); the first call starts listening for it. */
export function whenPageSettled(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  if (!settled && !settleArmed) {
    settleArmed = true;
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    void whenFirstPageShown().then(() => {
      if (settled) return;
      settleTimer = setTimeout(() => {
        settleTimer = null;
        // In a moment the browser has nothing else to do (at the latest a second later).
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(markPageSettled, { timeout: 1_000 });
        else markPageSettled();
      }, SCHEMAS_WAIT_MS);
    });
  }
  return settledMoment.reached;
}

/** Tests: back to a visit whose first page is still on its way. */
export function resetFirstPage(): void {
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  shown = false;
  shownMoment = moment();
  if (settleTimer !== null) clearTimeout(settleTimer);
  settleTimer = null;
  if (typeof window !== 'undefined')
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  settleArmed = false;
  settled = false;
  settledMoment = moment();
}

/** React: false until the first page is shown, then true (for parts that start after it). */
export function useFirstPageShown(): boolean {
  const [value, setValue] = useState(shown);
  useEffect(() => {
    if (value) return;
    let active = true;
    void whenFirstPageShown().then(() => {
      if (active) setValue(true);
    });
    return () => {
      active = false;
    };
  }, [value]);
  return value;
}

/**
 * Its children once the first page is shown, nothing before. Only this component renders again at that
 * moment: a parent that asked useFirstPageShown itself would render again with everything inside it (the
 * shell with its styles: a long task of its own at a phone's speed, bench/RESULTS.md).
 */
export function AfterFirstPage({ children }: { children: ReactNode }): ReactNode {
  return useFirstPageShown() ? children : null;
}
