import { useSyncExternalStore } from 'react';
import { LAYOUT, isMobileLayout, isNarrowLayout } from '@portal/domain';

/**
 * The width a page rendered on the server was laid out for (docs/decisions/058): the server cannot know
 * the window's, so it assumes one (a phone's or a desktop's, from the browser's User-Agent); the browser
 * hydrates that markup with the same width and then switches to its own (releaseAssumedWidth).
 */
let assumedWidth: number | null = null;
const listeners = new Set<() => void>();

export function assumeWidth(width: number | null): void {
  assumedWidth = width;
}

/** After hydration: from now on the window's own width (a re-render only where the layout differs). */
export function releaseAssumedWidth(): void {
  if (assumedWidth === null) return;
  assumedWidth = null;
  for (const listener of listeners) listener();
}

/**
 * The window's layout is asked of media queries, not read from `window.innerWidth`: on a phone (a page with a
 * viewport) reading `innerWidth` makes the browser lay the page out there and then, and a render that asks it
 * while building the page laid it out again for every component that asked (a 99 ms task at Lighthouse's
 * 4× CPU on locate-account, rendered in the browser). A media query is answered without a layout.
 * SPEC §2 breakpoints from the domain: mobile below 959 px (menu collapses), narrow below 599 px.
 */
let queries: { mobile: MediaQueryList; narrow: MediaQueryList } | null = null;
/** The matchMedia the lists came from (a test environment may give the window another one). */
let queriesFrom: unknown = null;
function windowQueries(): typeof queries {
  // A browser or test environment without matchMedia reads the window's width as before.
  if (typeof window.matchMedia !== 'function') return null;
  if (!queries || queriesFrom !== window.matchMedia) {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to compare, never called
    queriesFrom = window.matchMedia;
    queries = {
      mobile: window.matchMedia(`(width < ${LAYOUT.mobileBelowPx}px)`),
      narrow: window.matchMedia(`(width < ${LAYOUT.narrowBelowPx}px)`),
    };
  }
  return queries;
}

const MOBILE = 1;
const NARROW = 2;
/** The layout as one number (a stable snapshot): MOBILE and NARROW bits. */
function snapshot(): number {
  const lists = assumedWidth === null ? windowQueries() : null;
  if (lists) return (lists.mobile.matches ? MOBILE : 0) | (lists.narrow.matches ? NARROW : 0);
  const width = assumedWidth ?? window.innerWidth;
  return (isMobileLayout(width) ? MOBILE : 0) | (isNarrowLayout(width) ? NARROW : 0);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const lists = windowQueries();
  if (lists) {
    lists.mobile.addEventListener('change', listener);
    lists.narrow.addEventListener('change', listener);
  } else window.addEventListener('resize', listener);
  return () => {
    listeners.delete(listener);
    if (lists) {
      lists.mobile.removeEventListener('change', listener);
      lists.narrow.removeEventListener('change', listener);
    } else window.removeEventListener('resize', listener);
  };
};

export function useLayout(): { mobile: boolean; narrow: boolean } {
  const layout = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { mobile: (layout & MOBILE) !== 0, narrow: (layout & NARROW) !== 0 };
}
