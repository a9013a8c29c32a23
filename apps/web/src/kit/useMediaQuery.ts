import { useSyncExternalStore } from 'react';
import { theme, type Theme } from './theme';

/** Whether a media query matches now (false on the server); `(theme) => theme.breakpoints.down('sm')` too. */
export default function useMediaQuery(query: string | ((t: Theme) => string)): boolean {
  const text = (typeof query === 'function' ? query(theme) : query).replace(/^@media\s*/, '');
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(text);
      list.addEventListener('change', listener);
      return () => {
        list.removeEventListener('change', listener);
      };
    },
    () => window.matchMedia(text).matches,
    () => false,
  );
}
