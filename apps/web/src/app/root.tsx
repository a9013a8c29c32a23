import { lazy, Suspense } from 'react';
import { useCredential } from '../lib/auth/credentials';
import { AfterFirstPage } from '../lib/first-page';
import { HydrateLater } from '../lib/hydrate-later';
import { Chatbot } from './layout/chatbot';
import { Shell } from './layout/shell';
import { KeepAlive } from './idle/keep-alive';
import { ViewerProvider } from './viewer-provider';

// The idle watch is not needed to show the first page: it loads and starts once that page is shown
// (docs/decisions/033), its warning dialog only when it opens.
const IdleWatch = lazy(() => import('./idle/idle-watch').then((module) => ({ default: module.IdleWatch })));

/** The root route: who is signed in, the shell around every page, and the session watchers. */
export function Root() {
  const credential = useCredential();
  return (
    <ViewerProvider>
      <HydrateLater name="shell">
        <Shell />
      </HydrateLater>
      {credential && (
        <>
          <AfterFirstPage>
            <Suspense fallback={null}>
              <IdleWatch />
            </Suspense>
          </AfterFirstPage>
          <KeepAlive />
        </>
      )}
      <Chatbot />
    </ViewerProvider>
  );
}
