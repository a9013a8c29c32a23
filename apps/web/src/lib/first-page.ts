import { useEffect, useState } from 'react';

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

let shown = false;
let resolveShown: () => void = () => undefined;
let shownPromise = new Promise<void>((resolve) => {
  resolveShown = resolve;
});
let fallback: ReturnType<typeof setTimeout> | null = null;

/** Whether the first page has been shown (then nothing waits any more). */
export const firstPageShown = (): boolean => shown;

/** Marks the first page as shown: whatever waits for it starts now. */
export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  resolveShown();
}

/** Resolves once the first page is shown (at the latest FIRST_PAGE_FALLBACK_MS after the first call). */
export function whenFirstPageShown(): Promise<void> {
  if (!shown && fallback === null) fallback = setTimeout(markFirstPageShown, FIRST_PAGE_FALLBACK_MS);
  return shownPromise;
}

/** Tests: back to a visit whose first page is still on its way. */
export function resetFirstPage(): void {
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  shown = false;
  shownPromise = new Promise<void>((resolve) => {
    resolveShown = resolve;
  });
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
