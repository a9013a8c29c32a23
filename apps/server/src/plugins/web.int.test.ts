import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ProblemType } from '@portal/contracts';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { repoRoot } from '../settings';

/** A stand-in for the Vite output: an index page and one hashed, compressible asset. */
function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  fs.writeFileSync(
    path.join(dir, 'assets', 'app-3f9a1c.js'),
    `export const words = ${JSON.stringify('portal '.repeat(2000))};`,
  );
  // As the build writes them (vite-plugin-compression2): the same script compressed ahead of time.
  const built = Buffer.from(`export const built = ${JSON.stringify('member '.repeat(2000))};`);
  fs.writeFileSync(path.join(dir, 'assets', 'page-77b0e2.js'), built);
  fs.writeFileSync(path.join(dir, 'assets', 'page-77b0e2.js.gz'), gzipSync(built, { level: 9 }));
  fs.writeFileSync(path.join(dir, 'assets', 'page-77b0e2.js.br'), brotliCompressSync(built));
  return dir;
}

describe('serving the web app and the tenant configuration', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    webDist = makeWebDist();
    ({ app } = await buildTestApp({ database: database.handle, env: { WEB_DIST_DIR: webDist } }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / and for deep links, revalidated on every load', async () => {
    for (const url of ['/', '/payments/wallet', '/Account/Documents/Invoice?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets forever and compresses them', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('export const words');
    expect(response.rawPayload.length).toBeLessThan(2000);
  });

  it('sends the files the build compressed ahead of time as they are, Brotli first, and the plain file to a client that accepts neither', async () => {
    const file = fs.readFileSync(path.join(webDist, 'assets', 'page-77b0e2.js'));
    const ask = (acceptEncoding: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/page-77b0e2.js',
        headers: { 'accept-encoding': acceptEncoding },
      });

    const brotli = await ask('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', 'page-77b0e2.js.br')))).toBe(
      true,
    );
    expect(brotliDecompressSync(brotli.rawPayload).equals(file)).toBe(true);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);

    const gzip = await ask('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', 'page-77b0e2.js.gz')))).toBe(
      true,
    );
    expect(gunzipSync(gzip.rawPayload).equals(file)).toBe(true);

    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it('does not answer index.html for a missing asset, config file or API path', async () => {
    for (const url of ['/assets/missing-123.js', '/config/missing.json', '/api/v1/missing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ type: string }>().type).toBe(ProblemType.notFound);
    }
  });

  it('does not answer index.html for a non-GET request', async () => {
    const response = await app.inject({ method: 'POST', url: '/payments/wallet', payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('serves every tenant configuration file of SPEC §7 from config/', async () => {
    const files = [
      'account.json',
      'language-en.json',
      'language-es.json',
      'language-pt.json',
      'role-config.json',
      'navigation.json',
      'states.json',
      'membership.yaml',
      'css-overrides.css',
      'theme.json',
      'baseline/account.json',
      'baseline/role-config.json',
      'baseline/navigation.json',
      'baseline/membership.yaml',
    ];
    for (const file of files) {
      const response = await app.inject({ method: 'GET', url: `/config/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(fs.readFileSync(path.join(repoRoot, 'config', file), 'utf8'));
      if (file.endsWith('.json')) expect(() => JSON.parse(response.body) as unknown).not.toThrow();
    }
  });

  it('explains itself when the web app has not been built', async () => {
    const { app: apiOnly } = await buildTestApp({
      database: database.handle,
      env: { WEB_DIST_DIR: path.join(webDist, 'no-such-folder') },
    });
    const page = await apiOnly.inject({ method: 'GET', url: '/payments/wallet' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const api = await apiOnly.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    await apiOnly.close();
  });
});
