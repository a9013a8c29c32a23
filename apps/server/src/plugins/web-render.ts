import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * First pages rendered on the server (issue 35, docs/decisions/058). The web build's server renderer
 * (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr/) renders the signed-in overview, make-payment
 * and the guest's locate-account page; the browser hydrates that markup instead of starting from a spinner.
 *
 * - The signed-in pages are rendered only for a request whose cookie names a live web session; without one
 *   the answer is index.html as for every other page (its code sends the visitor to sign in).
 * - Everything the page shows is asked of the portal's own routes in process (`app.inject`, with the
 *   request's cookie and address), so access checks and read audit rows (decision 035) are those of the
 *   browser's calls.
 * - The document's head (style sheets, the entry script and its modulepreloads) goes out at once; the
 *   body follows when rendered. A render that fails or takes longer than RENDER_BUDGET_MS gives the plain
 *   page instead (the same head, an empty root): the browser then starts the portal as without this.
 */

/** The pages rendered on the server, and whether they need a signed-in session. */
export const RENDERED_PAGES: ReadonlyMap<string, { signedIn: boolean }> = new Map([
  ['/account-overview', { signedIn: true }],
  ['/payments/make-payment', { signedIn: true }],
  ['/payments/locate-account', { signedIn: false }],
]);

const ROOT = '<div id="root"></div>';
/** index.html's module script and modulepreload links (Vite writes them into its head). */
const SCRIPT_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;
/**
 * A rendered page's starter: the entry and its modulepreloads, asked for once the first paint has been
 * presented. Not a frame after it was asked for (`requestAnimationFrame` then a timeout): when the paint takes
 * long to reach the screen, that timeout ran first and the scripts' requests began before the first paint,
 * which Lighthouse's simulation then counts into the largest paint (make-payment's LCP 1.6-1.9 s instead of
 * 1.2 s in two runs of three: bench/RESULTS.md, "Stop 47"). The paint timing entry is queued once the paint is
 * on the screen. A browser without it starts a frame later as before; a tab that paints nothing (opened in the
 * background) starts after 3 s.
 */
const START_PATH = '/first-page-start.js';
const START_SCRIPT = `(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
`;
const LANGUAGE_COOKIE = 'portal-language';

/** GET /auth/session's answer (no token in it). */
interface SessionView {
  signedIn: boolean;
  [key: string]: unknown;
}

/** The renderer's interface (apps/web/src/entry-server.tsx). */
interface Renderer {
  headStyles(): string;
  renderPage(input: {
    url: string;
    origin: string;
    session: SessionView;
    storedLanguage: string | null;
    mobile: boolean;
    fetch: typeof fetch;
    signal?: AbortSignal;
  }): Promise<{ language: string; title: string; html: string; stateScript: string; styles?: string }>;
}

/** The renderer beside the web build, or null when it was not built (the portal then renders in the browser only). */
export async function loadRenderer(webDistDir: string): Promise<Renderer | null> {
  const file = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Rejects after `ms`, and tells the render to stop (it renders one page at a time: the next waits for it). */
function timeout(ms: number, controller: AbortController): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => {
      const error = new Error(`the render took longer than ${String(ms)} ms`);
      controller.abort(error);
      reject(error);
    }, ms).unref();
  });
}

/** The request's own headers that the in-process calls carry, as the browser's calls would. */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
  for (const name of [
    'cookie',
    'host',
    'user-agent',
    'accept-language',
    'x-forwarded-for',
    'x-forwarded-proto',
  ]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** `fetch` for the renderer: the portal's own routes, in process, as this request's browser. */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  const base = forwardedHeaders(request);
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = new URL(url, 'http://portal.invalid');
    const headers: Record<string, string> = { ...base };
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (name === 'set-cookie' || value === undefined) continue;
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    // The body as sent, already decoded (in-process calls ask for no compression).
    responseHeaders.delete('content-encoding');
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

function cookieOf(request: FastifyRequest, name: string): string | null {
  return request.cookies[name] ?? null;
}

/** The response body, compressed as the browser accepts, each part sent as soon as it is written. */
function openBody(request: FastifyRequest, reply: FastifyReply): { out: Writable; send: () => void } {
  const accepts = request.headers['accept-encoding'] ?? '';
  const body = new PassThrough();
  let out: Writable & { flush?: (kind?: number) => void } = body;
  if (/\bbr\b/.test(accepts)) {
    const brotli = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    brotli.pipe(body);
    out = brotli;
    reply.header('Content-Encoding', 'br');
  } else if (/\bgzip\b/.test(accepts)) {
    const gzip = zlib.createGzip({ level: 6 });
    gzip.pipe(body);
    out = gzip;
    reply.header('Content-Encoding', 'gzip');
  }
  reply.header('Vary', 'Accept-Encoding');
  const flushing = new PassThrough();
  flushing.on('data', (chunk: Buffer) => {
    out.write(chunk);
    // Each part on its way at once (a compressor would otherwise hold the head until the body comes).
    out.flush?.();
  });
  flushing.on('end', () => out.end());
  return {
    out: flushing,
    send: () => {
      void reply.send(body);
    },
  };
}

export interface RenderRouteOptions {
  renderer: Renderer;
  /** How long a render may take before the browser gets the page to render itself (WEB_RENDER_BUDGET_MS). */
  budgetMs: number;
  indexHtml: string;
  /** Answers index.html as for any other page (the caller's fallback). */
  sendIndex: (reply: FastifyReply) => FastifyReply;
}

/** Registers GET of the RENDERED_PAGES. */
export function registerRenderedPages(app: FastifyInstance, options: RenderRouteOptions): void {
  const { renderer, budgetMs, indexHtml, sendIndex } = options;
  const split = indexHtml.indexOf(ROOT);
  if (split < 0) {
    app.log.warn('index.html has no empty root element: first pages are rendered in the browser only');
    return;
  }
  // The build's entry script and its modulepreloads leave the head: a rendered page asks for them only
  // once its markup is painted (START_PATH), else their download would delay the first paint (bench/RESULTS.md
  // "What server rendering could buy at most"); a page not rendered gets them back with its empty root.
  const scriptTags = indexHtml.slice(0, split).match(SCRIPT_TAGS) ?? [];
  const head = indexHtml
    .slice(0, split)
    .replace(SCRIPT_TAGS, '')
    .replace('</head>', `${renderer.headStyles()}</head>`);
  const tail = indexHtml.slice(split + ROOT.length);
  const entry = scriptTags.map((tag) => /<script[^>]*\ssrc="([^"]+)"/.exec(tag)?.[1]).find(Boolean) ?? '';
  const preloads = scriptTags
    .map((tag) => /<link[^>]*\shref="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => Boolean(href));
  const starter = `<script src="${START_PATH}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}"></script>`;

  // Compressed once (the build's scripts all come compressed; this one is below the server's threshold).
  const startGzip = zlib.gzipSync(START_SCRIPT, { level: 9 });
  app.get(START_PATH, { schema: { hide: true } }, (request, reply) => {
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/javascript; charset=utf-8');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('Content-Encoding', 'gzip').send(startGzip);
    return reply.send(START_SCRIPT);
  });

  for (const [page, { signedIn }] of RENDERED_PAGES) {
    app.get(page, { schema: { hide: true } }, async (request, reply) => {
      const call = inProcessFetch(app, request);
      let session: SessionView;
      try {
        const response = await call('/auth/session', { headers: { accept: 'application/json' } });
        session = (await response.json()) as SessionView;
      } catch (error) {
        request.log.warn(
          { err: reasonOf(error) },
          'first page: the session could not be read; rendered in the browser',
        );
        return sendIndex(reply);
      }
      if (signedIn && !session.signedIn) return sendIndex(reply);
      // Members and guests only: staff and brokers start from a search, an asserted session takes its language
      // from the assertion, and their first pages stay rendered in the browser (docs/decisions/058).
      const memberOrGuest =
        (session.kind === 'oidc' && session.realm === 'consumer') ||
        (session.kind === 'portal' && session.type === 'guest');
      if (signedIn && !memberOrGuest) return sendIndex(reply);

      const url = request.url;
      const controller = new AbortController();
      const rendering = Promise.race([
        renderer.renderPage({
          url,
          origin: `${request.protocol}://${request.host}`,
          session,
          storedLanguage: cookieOf(request, LANGUAGE_COOKIE),
          mobile: /\bMobi/i.test(request.headers['user-agent'] ?? ''),
          fetch: call,
          signal: controller.signal,
        }),
        timeout(budgetMs, controller),
      ]);
      rendering.catch(() => undefined);

      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      const { out, send } = openBody(request, reply);
      out.write(head);
      send();
      try {
        const page = await rendering;
        out.write(
          // `inert` until hydrated (main.tsx): a click or a keystroke before the page's code runs would do
          // what the bare markup does (submit a form natively, toggle a controlled radio) and be undone by it.
          `${page.styles ?? ''}<div id="root" lang="${escapeHtml(page.language)}" inert>${page.html}</div>${page.stateScript}${starter}${tail}`,
        );
      } catch (error) {
        // Never member data in the log: the kind of failure only.
        request.log.warn(
          { err: reasonOf(error), page },
          'first page not rendered on the server; rendered in the browser',
        );
        out.write(`${ROOT}${scriptTags.join('')}${tail}`);
      }
      out.end();
      return reply;
    });
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
}
