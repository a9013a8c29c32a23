import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors';
import { loadRenderer, registerRenderedPages } from './web-render';

export interface WebOptions {
  /** The built SPA (Vite output with index.html and hashed files under assets/). */
  webDistDir: string;
  /** Tenant configuration files, served at /config/. */
  configDir: string;
  /** How long a first page may take to render on the server (0: never rendered there). */
  renderBudgetMs?: number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths that never fall back to the SPA: the API, the identity providers, config files and built assets. */
const NO_FALLBACK = /^\/(api|idp|config|assets)(\/|$)/;

/**
 * Serves the single-page app and the tenant configuration files. Hashed assets are cached forever;
 * index.html and config files are revalidated on every load so a deployment shows at once. Any unknown
 * non-API GET answers index.html so deep links work.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    await app.register(fastifyStatic, {
      root: options.configDir,
      prefix: '/config/',
      decorateReply: false,
      cacheControl: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (reply) => {
        reply.header('Cache-Control', REVALIDATE);
      },
    });

    const indexPath = path.join(options.webDistDir, 'index.html');
    const hasWeb = fs.existsSync(indexPath);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        // The build writes each script and style sheet also compressed at the highest levels (.br, .gz):
        // sent as they are when the browser accepts them, instead of compressed again on every request.
        preCompressed: true,
        cacheControl: false,
        index: ['index.html'],
        list: false,
        dotfiles: 'deny',
        setHeaders: (reply, filePath) => {
          const relative = path.relative(options.webDistDir, filePath);
          reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
        },
      });
      // The first pages rendered on the server (docs/decisions/058), when the web build has its renderer.
      const budgetMs = options.renderBudgetMs ?? 1_000;
      const renderer = budgetMs > 0 ? await loadRenderer(options.webDistDir) : null;
      if (renderer) {
        registerRenderedPages(app, {
          renderer,
          budgetMs,
          indexHtml: fs.readFileSync(indexPath, 'utf8'),
          sendIndex: (reply) => reply.header('Cache-Control', REVALIDATE).sendFile('index.html'),
        });
      }
    } else {
      app.log.warn({ webDistDir: options.webDistDir }, 'the web app is not built; only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (!isPageRequest || NO_FALLBACK.test(pathname)) return sendNotFound(request, reply);
      if (!hasWeb) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build` (npm start does it for you).');
      }
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    });
  },
  { name: 'web' },
);
