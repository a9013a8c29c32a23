import { useEffect, useState, type ReactNode } from 'react';
import {
  hydrate,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import { BACKGROUND_REFRESH_MS, SERVER_ERROR_ROUTE, SERVICE_UNAVAILABLE_ROUTE } from '@portal/domain';
import { ConfigProvider } from '../config/config-context';
import type { RuntimeConfig } from '../config/load-config';
import { configureApi, isSessionEnded } from '../lib/api';
import { forgetSession, onSignedOutElsewhere, SIGNED_OUT_PATH } from '../lib/auth/auth';
import { getCredential } from '../lib/auth/credentials';
import type { PortalQueryMeta } from '../lib/query-meta';
import { resetPortalState } from '../lib/portal-state';
import { isActingSessionRequired, isUnavailable } from '../ui/form/problem-message';
import { ProcessingSpinner, stopProcessing } from '../ui/processing';
import { SnackbarProvider } from '../ui/snackbar';
import { currentPath, navigateTo } from '../lib/navigator';
import { PortalRouter } from './router';

/** Staff's find-a-member page (issue 13): where acting for a member starts. */
const FIND_MEMBER_PATH = '/admin/members';
import { ThemeStyle } from '../kit/ThemeStyle';

/**
 * SPEC §8 global error: an API failure stops the spinner and opens /error/500, unless the call opted
 * out. A failed background refresh keeps showing what was loaded rather than throwing the member out
 * of the page they are reading. A 401 is not an error page: the session ended (handled by the API hook).
 * A 503 (briefly unavailable: issue 40) opens the "try again in a moment" page, which can go back.
 */
function onApiFailure(
  error: unknown,
  meta: PortalQueryMeta | undefined,
  hadData: boolean,
  queryClient: QueryClient,
): void {
  if (isActingSessionRequired(error)) {
    onActingSessionRequired(queryClient, meta?.redirectOnError !== false && !hadData);
    return;
  }
  if (isSessionEnded(error) || meta?.redirectOnError === false || hadData) return;
  stopProcessing();
  if (isUnavailable(error)) {
    const here = currentPath();
    if (!here.startsWith(SERVICE_UNAVAILABLE_ROUTE))
      navigateTo(`${SERVICE_UNAVAILABLE_ROUTE}?from=${encodeURIComponent(here)}`);
    return;
  }
  navigateTo(SERVER_ERROR_ROUTE);
}

/**
 * Staff touched a member's records outside an acting session for them (docs/decisions/043): it ended
 * (the idle time, sign-out, another tab) or is for someone else. The session is read again (the banner
 * follows), and a page that could not load goes to the find page, which says why; a form or a page that
 * explains its own failures stays where it is.
 */
function onActingSessionRequired(queryClient: QueryClient, leave: boolean): void {
  void queryClient.invalidateQueries({ queryKey: ['session'] });
  if (!leave) return;
  stopProcessing();
  if (!currentPath().startsWith(FIND_MEMBER_PATH)) navigateTo(`${FIND_MEMBER_PATH}?notice=acting-ended`);
}

/** The session ended on the server (expired, revoked, signed out elsewhere): forget it here, say so. */
function onSessionEnded(queryClient: QueryClient): void {
  if (getCredential() === null) return;
  void forgetSession().then(() => {
    resetPortalState();
    queryClient.clear();
    stopProcessing();
    navigateTo(`${SIGNED_OUT_PATH}?reason=ended`, { replace: true });
  });
}

/** SPEC §9 defaults of every query and mutation (the server's render uses them too: entry-server.tsx). */
export const QUERY_DEFAULTS = {
  // SPEC §9: server state refreshes in the background every 4 minutes.
  queries: { refetchInterval: BACKGROUND_REFRESH_MS, staleTime: 30_000, retry: 1 },
  mutations: { retry: 0 },
} as const;

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        onApiFailure(error, query.meta, query.state.data !== undefined, queryClient);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        onApiFailure(error, mutation.meta, false, queryClient);
      },
    }),
    defaultOptions: QUERY_DEFAULTS,
  });
  configureApi({
    isSignedIn: () => getCredential() !== null,
    onSessionEnded: () => {
      onSessionEnded(queryClient);
    },
  });
  return queryClient;
}

/** Tenant theme and configuration, server state, spinner and snackbar around the router. */
export function PortalProviders({
  config,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // SPEC §4: signing out in one tab signs out every tab of this browser (they share the session cookie).
  useEffect(
    () =>
      onSignedOutElsewhere(() => {
        onSessionEnded(queryClient);
      }),
    [queryClient],
  );
  return (
    <ConfigProvider config={config}>
      <ThemeStyle options={config.theme.options} />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          {children}
          <ProcessingSpinner />
        </SnackbarProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

/**
 * The running portal. A server-rendered first page (docs/decisions/058) brings the answers it was rendered
 * with (`queries`): they seed the cache, so the page's first render is the server's markup.
 */
export function PortalApp({
  config,
  queries,
}: {
  config: RuntimeConfig;
  queries?: DehydratedState | undefined;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (queries) hydrate(client, queries);
    return client;
  });
  return (
    <PortalProviders config={config} queryClient={queryClient}>
      <PortalRouter />
    </PortalProviders>
  );
}
