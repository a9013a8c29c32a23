/// <reference types="vite/client" />

/** The product version from the root package.json, injected at build time. */
declare const __APP_VERSION__: string;
/** The contract files in the order lib/contract-pieces.ts builds them (vite.config.ts: by chunk, layer first). */
declare const __CONTRACT_PIECE_ORDER__: readonly string[];
