import { useSyncExternalStore } from 'react';
import { isMobileLayout, isNarrowLayout } from '@portal/domain';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => {
    window.removeEventListener('resize', listener);
  };
};
const width = () => window.innerWidth;

/** SPEC §2 breakpoints from the domain: mobile below 959 px (menu collapses), narrow below 599 px. */
export function useLayout(): { mobile: boolean; narrow: boolean } {
  const current = useSyncExternalStore(subscribe, width, width);
  return { mobile: isMobileLayout(current), narrow: isNarrowLayout(current) };
}
