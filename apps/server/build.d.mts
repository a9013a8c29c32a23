import type { BuildOptions } from 'esbuild';

/** The server bundle's esbuild options (build.mjs). */
export declare const buildOptions: BuildOptions & { entryPoints: Record<string, string> };
