/**
 * The server's renderer of first pages (docs/decisions/058). Built by `vite build --ssr` into dist-ssr/ and
 * loaded by the portal's server (apps/server/src/plugins/web-render.ts), which calls `renderPage` for the
 * pages it renders: the same tree the browser shows (providers, router, shell, page), with the same
 * configuration, words, session and API answers, each fetched through `fetch` — the server's own routes
 * in process, with the visitor's cookie, so every access check and read audit happens as when the browser
 * asks. The browser hydrates the markup with the embedded state (main.tsx).
 */
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { matchPath } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import type { VNode } from 'preact';
import type { ReactElement } from 'react';
import { isLanguage, type Language } from '@portal/domain';
import {
  loadRuntimeConfig,
  CSS_OVERRIDES_HREF,
  CSS_OVERRIDES_ID,
  type RuntimeConfig,
} from './config/load-config';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS, serverTexts, type Part, type ServerTexts } from './i18n';
import { loose } from './i18n/loose';
import { configureApi } from './lib/api';
import { credentialOf, type SessionView } from './lib/auth/auth';
import { setCredential } from './lib/auth/credentials';
import { assumeWidth } from './ui/use-layout';
import { collectRulesAsync } from './kit/rules';
import { PortalProviders, QUERY_DEFAULTS } from './app/portal-app';
import { PortalRouter, STARTUP_TEXT_PAGES } from './app/router';
import { ROUTE_TABLE } from './app/routes';
import { firstPageLanguage, SERVER_STATE_ID, scriptJson, type ServerState } from './app/server-state';

export interface RenderInput {
  /** The path and query of the page. */
  url: string;
  /** The request's origin (the API client sends its cookie only to it). */
  origin: string;
  /** GET /auth/session as the server answers it for this request. */
  session: SessionView;
  /** The language the browser stored (its cookie mirror, i18n LANGUAGE_COOKIE), or null. */
  storedLanguage: string | null;
  /** Whether to lay the page out for a phone (from the User-Agent): the width the layout assumes. */
  mobile: boolean;
  /** The portal's own routes, in process, as this request's browser (cookie) would call them. */
  fetch: typeof fetch;
  /** Aborted when the server stopped waiting (its budget ran out): the render stops at its next step. */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The language the page was rendered in (`lang` of the root element). */
  language: Language;
  /** The page title, as the browser sets it (ui/route-title.ts). */
  title: string;
  /** The root element's markup (goes inside `<div id="root">`). */
  html: string;
  /** The embedded state for hydration: a whole `<script type="application/json">` element. */
  stateScript: string;
  /** The `<style>` element of the kit's rules the page used (goes before the root element). */
  styles: string;
}

const PHONE_WIDTH = 412;
const DESKTOP_WIDTH = 1280;
/** Render passes at most: each may start the queries that the answers of the last one made possible. */
const MAX_PASSES = 6;

/**
 * The style sheets the document's head needs for a server-rendered page, sent before the page is rendered:
 * the tenant's css-overrides.css (the browser would add it at startup, config/load-config.ts
 * applyCssOverrides). The kit's own stylesheet is index.html's; the theme's custom properties are rendered in
 * the page (kit/ThemeStyle); the few rules the page's `sx` made are collected by the render (`styles` of
 * the rendered page, kit/rules.ts, docs/decisions/059).
 */
export function headStyles(): string {
  return `<link rel="stylesheet" id="${CSS_OVERRIDES_ID}" href="${CSS_OVERRIDES_HREF}">`;
}

/** A translation instance of its own for one request (the words and language of that page only). */
async function createServerI18n({ language, texts }: ServerTexts): Promise<typeof i18next> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    resources: { [language]: { translation: texts } },
    lng: language,
    initAsync: false,
  });
  return instance;
}

/** One render at a time: the app keeps who is signed in and the API client's wiring in module state. */
let queue: Promise<unknown> = Promise.resolve();

function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

const enabled = (query: Query): boolean => {
  const option = (query.options as { enabled?: unknown }).enabled;
  return typeof option === 'function' ? Boolean((option as (q: Query) => unknown)(query)) : option !== false;
};

/** A query a render asked for that has not been fetched yet. */
const waiting = (query: Query): boolean =>
  query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query);

function tree(config: RuntimeConfig, queryClient: QueryClient, i18n: unknown, url: string): VNode {
  const element: ReactElement = (
    <I18nextProvider i18n={i18n as never}>
      <PortalProviders config={config} queryClient={queryClient}>
        <PortalRouter location={url} />
      </PortalProviders>
    </I18nextProvider>
  );
  return element as unknown as VNode;
}

function titleOf(url: string, t: (key: string) => string): string {
  const pathname = url.split('?')[0] ?? url;
  const route = ROUTE_TABLE.find((entry) => matchPath({ path: entry.path, end: true }, pathname) !== null);
  const appName = t('app.name');
  const page = route ? t(route.titleKey) : '';
  return page ? `${page} | ${appName}` : appName;
}

/**
 * Renders the page at `input.url` with the answers it needs: renders, fetches the queries the render
 * asked for, and renders again until no new query is asked for. Throws when any of them fails (the
 * server then sends the page to be rendered by the browser, which shows the failure as it always does).
 */
export function renderPage(input: RenderInput): Promise<RenderedPage> {
  return exclusive(async () => {
    // Waiting for the renders before it may have used up the server's patience already.
    input.signal?.throwIfAborted();
    configureApi({ fetch: input.fetch, origin: () => input.origin });
    const credential = credentialOf(input.session);
    setCredential(credential);
    const width = input.mobile ? PHONE_WIDTH : DESKTOP_WIDTH;
    assumeWidth(width);
    try {
      const { config } = await loadRuntimeConfig(input.fetch);
      const stored = isLanguage(input.storedLanguage) ? input.storedLanguage : null;
      const languagePath = config.account.languages.languagePath;
      // The first pages' words are in the startup files; any other page's are in all (app/router.tsx loadPage).
      const pathname = input.url.split('?')[0] ?? input.url;
      const parts: Part[] = STARTUP_TEXT_PAGES.some((page) => page === pathname)
        ? ['startup']
        : ['startup', 'rest'];
      let texts: ServerTexts = await serverTexts(
        firstPageLanguage(stored, undefined),
        languagePath,
        input.fetch,
        parts,
      );
      let i18n = await createServerI18n(texts);
      const queryClient = new QueryClient({
        defaultOptions: { ...QUERY_DEFAULTS, queries: { ...QUERY_DEFAULTS.queries, retry: false } },
      });

      let html = '';
      let styles = '';
      for (let pass = 0; ; pass += 1) {
        input.signal?.throwIfAborted();
        ({ result: html, styleTag: styles } = await collectRulesAsync(
          async () => await renderToStringAsync(tree(config, queryClient, i18n, input.url)),
        ));
        const asked = queryClient.getQueryCache().getAll().filter(waiting);
        if (asked.length === 0) break;
        if (pass + 1 >= MAX_PASSES)
          throw new Error(`the page still asked for data after ${MAX_PASSES} renders`);
        await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
        const failed = queryClient
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.status === 'error');
        if (failed.length > 0) {
          // What failed, never the data: the resource (the key's first part) and the kind of error.
          const [first] = failed;
          const error = first?.state.error as { status?: unknown; name?: unknown; message?: unknown } | null;
          const resource = typeof first?.queryKey[0] === 'string' ? first.queryKey[0] : 'unknown';
          const kind =
            typeof error?.status === 'number'
              ? `HTTP ${String(error.status)}`
              : `${String(error?.name)}: ${String(error?.message).slice(0, 200)}`;
          throw new Error(`the page's call for ${resource} failed (${kind})`);
        }
      }

      // SPEC §4: the session may choose the language (an assertion's preference, a member's own).
      const sessionQuery = queryClient
        .getQueryCache()
        .getAll()
        .find((query) => query.queryKey[0] === 'session');
      const language = firstPageLanguage(stored, sessionQuery?.state.data as never);
      if (language !== texts.language) {
        texts = await serverTexts(language, languagePath, input.fetch, parts);
        i18n = await createServerI18n(texts);
        ({ result: html, styleTag: styles } = await collectRulesAsync(
          async () => await renderToStringAsync(tree(config, queryClient, i18n, input.url)),
        ));
      }

      const state: ServerState = {
        url: input.url,
        texts,
        config,
        session: input.session,
        queries: dehydrate(queryClient),
        width,
      };
      return {
        language,
        title: titleOf(input.url, loose(i18n.t)),
        html,
        styles,
        stateScript: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(state)}</script>`,
      };
    } finally {
      setCredential(null);
      assumeWidth(null);
    }
  });
}
