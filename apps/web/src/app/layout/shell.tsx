import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import { hasPermission, isRouteWithin, MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { AfterFirstPage } from '../../lib/first-page';
import { HydrateLater } from '../../lib/hydrate-later';
import { useViewer } from '../../lib/viewer';
import { ActingForBanner } from './acting-for-banner';
import { FirstPageMark } from './first-page-mark';
import { Footer } from './footer';
import { Header } from './header';
import { PageLoading } from './page-loading';
import { SideNav } from './side-nav';
import { SuperHeader } from './super-header';
import { useLayout } from '../../ui/use-layout';

export const MAIN_ID = 'main-content';

// The collapsed menu (below 959 px) is a drawer: it loads the first time it opens.
const MenuDrawer = lazy(() => import('./menu-drawer'));
// Live notifications (an event stream and the notice that shows a new one) load once a member is signed
// in and the first page is shown.
const LiveNotifications = lazy(() =>
  import('./live-notifications').then((module) => ({ default: module.LiveNotifications })),
);
// Only staff and brokers search; the search bar loads for them.
const MemberSearchBar = lazy(() =>
  import('./member-search').then((module) => ({ default: module.MemberSearchBar })),
);
const NAV_WIDTH = 280;

/**
 * The frame around every page (SPEC §2 "Shell"): skip link, optional super header, header, side
 * navigation (a permanent panel from 959 px, a drawer below), the page, and the footer.
 */
export function Shell() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const config = useConfig();
  const { mobile } = useLayout();
  const location = useLocation();
  const canSearch =
    viewer !== null && hasPermission(viewer.session.roles, MEMBER_SEARCH_PERMISSION, config.roles);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // SPEC §2: the home area (account/home, account/home/link-account) hides the navigation.
  const inHomeArea = isRouteWithin(location.pathname, '/home');
  // Staff who have not looked a member up yet have no menu and no member to show: no panel then.
  const hasNav =
    viewer !== null &&
    !inHomeArea &&
    viewer.rootView === 'app' &&
    (viewer.navigation.length > 0 || viewer.policies.length > 0);
  const close = () => {
    setDrawerOpen(false);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Button
        href={`#${MAIN_ID}`}
        variant="contained"
        sx={{
          position: 'absolute',
          left: 8,
          top: -64,
          zIndex: (theme) => theme.zIndex.tooltip,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToMain')}
      </Button>
      <SuperHeader />
      <HydrateLater name="header">
        <Header
          menuOpen={drawerOpen}
          onOpenMenu={
            hasNav && mobile
              ? () => {
                  setDrawerOpen(true);
                }
              : null
          }
        />
      </HydrateLater>
      {canSearch && (
        <Suspense fallback={null}>
          <MemberSearchBar onSearched={close} />
        </Suspense>
      )}
      {/* A new notification's notice, in the flow under the header: it hides nothing (issue 33 item 12). */}
      {viewer?.session.kind === 'member' && (
        <AfterFirstPage>
          <Suspense fallback={null}>
            <LiveNotifications />
          </Suspense>
        </AfterFirstPage>
      )}
      {/* At least a screen high, so the footer starts below the fold: a page's content arriving after the
          shell does not push a visible footer down (layout shift; docs/decisions/033). */}
      <Box sx={{ display: 'flex', flex: 1, alignItems: 'stretch', minHeight: '100vh' }}>
        {hasNav && !mobile && (
          <Box
            component="aside"
            id="side-navigation"
            aria-label={t('nav.panel')}
            sx={{
              width: NAV_WIDTH,
              flexShrink: 0,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            <SideNav mobile={false} onNavigate={close} />
          </Box>
        )}
        {hasNav && mobile && drawerOpen && (
          <Suspense fallback={null}>
            <MenuDrawer width={NAV_WIDTH + 40} onClose={close}>
              <SideNav mobile onNavigate={close} />
            </MenuDrawer>
          </Suspense>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          // The SPEC §4 scenario the page was built for (support, and the end-to-end journeys).
          data-scenarios={viewer?.household.scenario.scenarios.join(' ')}
          sx={{ flex: 1, minWidth: 0, outline: 'none' }}
        >
          <HydrateLater name="page">
            <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
              {viewer?.actingFor && <ActingForBanner />}
              <Suspense fallback={<PageLoading />}>
                <Outlet />
                <FirstPageMark />
              </Suspense>
            </Box>
          </HydrateLater>
        </Box>
      </Box>
      <HydrateLater name="footer">
        <Footer />
      </HydrateLater>
    </Box>
  );
}
