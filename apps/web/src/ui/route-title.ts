import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Route data of every page: the translation key of its title (SPEC §2: titles come from route data). */
export interface RouteHandle {
  titleKey: string;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).titleKey === 'string';

/** Sets the document title and description from the deepest matched route's title, in the active language. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as RouteHandle | undefined;
  useEffect(() => {
    const appName = t('app.name');
    const pageTitle = handle ? t(handle.titleKey) : '';
    document.title = pageTitle ? `${pageTitle} | ${appName}` : appName;
    document.querySelector('meta[name="description"]')?.setAttribute('content', pageTitle || appName);
  }, [handle, t, i18n.language]);
}
