import { useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loose } from '../i18n/loose';

/** Route data of every page: its path and the translation key of its title (SPEC §2). */
export interface RouteTitle {
  path: string;
  titleKey: string;
}

/**
 * SPEC §2: page titles come from route data, are translated, and also set the page description.
 * The first route whose path matches names the page (a `*` route catches the rest). Set as the page is drawn
 * (a layout effect), not after its paint: Preact runs a plain effect a frame later, which on a slow phone left
 * the previous title on the tab for 50 ms after the page's heading was there (bench/route-sweep.mjs).
 */
export function useRouteTitle(routes: readonly RouteTitle[]): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const route = routes.find(
    (candidate) =>
      candidate.path === '*' || matchPath({ path: candidate.path, end: true }, pathname) !== null,
  );
  const titleKey = route?.titleKey;
  useLayoutEffect(() => {
    const appName = t('app.name');
    const pageTitle = titleKey ? loose(t)(titleKey) : '';
    document.title = pageTitle ? `${pageTitle} | ${appName}` : appName;
    document.querySelector('meta[name="description"]')?.setAttribute('content', pageTitle || appName);
  }, [titleKey, t, i18n.language]);
}
