import { useEffect } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { markFirstPageShown } from '../../lib/first-page';

/** How long no query may fetch before the page counts as shown (a page's queries often come in a chain). */
const QUIET_MS = 200;

/**
 * Rendered beside the route's page inside its Suspense boundary, so it mounts only once the page's code
 * has loaded; the page counts as shown when, after that, no query has fetched for a moment
 * (lib/first-page.ts).
 */
export function FirstPageMark() {
  const fetching = useIsFetching();
  useEffect(() => {
    if (fetching > 0) return;
    const timer = setTimeout(markFirstPageShown, QUIET_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [fetching]);
  return null;
}
