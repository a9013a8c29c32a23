import type { Page } from 'playwright-core';

export interface FirstLoadChunk {
  /** The script's path on our server. */
  file: string;
  /** Bytes as our server sends it to a client that accepts gzip only. */
  gzip: number;
  /** Body bytes the browser received (Brotli where it accepts it). */
  transferred: number;
  /** Bytes once decompressed. */
  raw: number;
  /** When its request started, in ms from the navigation. */
  startMs: number;
}

/** Reloads `url` with the cache off and returns the scripts requested before `ready` matched (largest first) and the paths of those requested later. */
export function measureFirstLoad(
  page: Page,
  url: string,
  ready: string,
): Promise<{ renderedMs: number; chunks: FirstLoadChunk[]; later: string[] }>;
