import './lib/zod-jitless';
import './kit/kit.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n, initI18nFromServer, localeOf, storedLanguage } from './i18n';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { readServerState, type ServerState } from './app/server-state';
import { credentialOf } from './lib/auth/auth';
import { hydrateTheRest, startHydrating } from './lib/hydrate-later';
import { setCredential } from './lib/auth/credentials';
import { assumeWidth, releaseAssumedWidth } from './ui/use-layout';

const container = document.getElementById('root') as HTMLElement;

function startFailed(): void {
  // Without translations there is nothing to say in the member's language: say it in all three.
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent =
    'The portal could not start. Please reload the page. / No se pudo iniciar el portal. Vuelva a cargar la página. / Não foi possível iniciar o portal. Recarregue a página.';
  container.replaceChildren(message);
}

/** The portal started in the browser: the startup screen, then the first page (SPEC §4). */
function start(): void {
  // A server-rendered page this tab cannot take over (server-state.ts) is replaced.
  container.replaceChildren();
  container.removeAttribute('inert');
  const root = createRoot(container);
  initI18n().then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }, startFailed);
}

/** Runs `task` once the browser has painted what it has (the server's markup is on the screen first). */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(task, 0);
  });
}

/**
 * The first Intl formatter of a load starts the browser's ICU: 45-90 ms, 72-168 ms at Lighthouse's 4× CPU
 * slowdown (bench/RESULTS.md, "Stop 45"), and the page's amounts and dates need
 * one while they hydrate. Started in a task of its own while the page's code is still arriving, ICU is ready
 * when the hydration runs, and that one long task is shorter by as much.
 */
function startIntl(language: string): void {
  setTimeout(() => {
    new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'USD' }).format(0);
  }, 0);
}

/**
 * A first page rendered on the server (docs/decisions/058): the words, the configuration, who is signed in
 * and the page's answers come with it; once its code has loaded and the markup has been painted, it is
 * hydrated where it is (no startup screen, nothing moves), and the portal runs on from there.
 */
function resume(server: ServerState): void {
  setCredential(credentialOf(server.session));
  assumeWidth(server.width);
  // The member's pages (overview, make-payment) show amounts and dates at once; the guest's locate-account
  // is a form that formats nothing, where the early start would only add a task.
  if (server.session.signedIn) startIntl(server.texts.language);
  Promise.all([initI18nFromServer(server.texts), preloadPage(window.location.pathname)]).then(() => {
    afterPaint(() => {
      // The page's regions (lib/hydrate-later.tsx) are hydrated in tasks of their own after this one.
      startHydrating();
      hydrateRoot(
        container,
        <StrictMode>
          <App server={server} />
        </StrictMode>,
      );
      hydrateTheRest(() => {
        // Every region has hydrated with the width the server laid the page out for (the shell and the
        // routes are regions too: released earlier, a phone whose page the server laid out for a desktop
        // hydrated the shell with the phone's layout, and its menu button never appeared).
        releaseAssumedWidth();
        // The server sent the markup inert: from now on it is the portal's, and answers the visitor.
        container.removeAttribute('inert');
      });
    });
  }, start);
}

const server = container.hasChildNodes() ? readServerState(storedLanguage()) : null;
if (server) resume(server);
else start();
