import { useSyncExternalStore } from 'react';
import { isMobileLayout, isNarrowLayout } from '@portal/domain';

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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('resize', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('resize', listener);
  };
};
const width = () => assumedWidth ?? window.innerWidth;
/** SPEC §2 breakpoints from the domain: mobile below 959 px (menu collapses), narrow below 599 px. */
export function useLayout(): { mobile: boolean; narrow: boolean } {
  const current = useSyncExternalStore(subscribe, width, width);
  return { mobile: isMobileLayout(current), narrow: isNarrowLayout(current) };
}
