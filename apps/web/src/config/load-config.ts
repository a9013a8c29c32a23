import type { AccountConfig } from '@portal/contracts';
import { deepMerge, type NavigationConfig, type RoleConfig } from '@portal/domain';
import type { z } from 'zod';
import { loadContracts } from '../lib/contracts';
import { whenPageSettled } from '../lib/first-page';

/**
 * The tenant configuration the web app runs on (SPEC §3 "Application configuration", §7 startup
 * calls): each file is the product baseline deep-merged with the tenant's override, then validated
 * with the same contract schema the server uses, so both read the same merged values.
 */
export interface RuntimeConfig {
  account: AccountConfig;
  roles: RoleConfig;
  navigation: NavigationConfig;
  /** MUI theme options from theme.json (non-theme keys such as `$comment` removed). */
  theme: ThemeFile;
}

/** theme.json: MUI theme options, plus the super header colours (SPEC §2 "Optional super header"). */
export interface ThemeFile {
  options: Record<string, unknown>;
  superHeader: { backgroundColor?: string; textColor?: string; iconColor?: string };
}

export class ConfigLoadError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}

const CONFIG_PATH = '/config/';

async function fetchJson(file: string, optional = false, fetchFile: typeof fetch = fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFile(`${CONFIG_PATH}${file}`, { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new ConfigLoadError(file, error instanceof Error ? error.message : 'network error');
  }
  if (optional && response.status === 404) return undefined;
  if (!response.ok) throw new ConfigLoadError(file, `HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ConfigLoadError(file, 'not valid JSON');
  }
}

/** Baseline + override (the override is optional: a tenant may keep the product defaults). */
async function loadMerged(name: string, fetchFile: typeof fetch): Promise<unknown> {
  const [baseline, override] = await Promise.all([
    fetchJson(`baseline/${name}`, false, fetchFile),
    fetchJson(name, true, fetchFile),
  ]);
  return deepMerge(baseline, override as never);
}

function check(name: string, schema: z.ZodType, merged: unknown): void {
  const result = schema.safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new ConfigLoadError(name, problems.join('; '));
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const COLOUR = /^#[0-9a-fA-F]{6}$/;

function readTheme(raw: unknown): ThemeFile {
  if (raw === undefined) return { options: {}, superHeader: {} };
  if (!isRecord(raw)) throw new ConfigLoadError('theme.json', 'not an object');
  const { superHeader, ...rest } = raw;
  // `$comment` documents the file; it is not a theme option.
  const options = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== '$comment'));
  const colours: ThemeFile['superHeader'] = {};
  if (isRecord(superHeader)) {
    for (const key of ['backgroundColor', 'textColor', 'iconColor'] as const) {
      const value = superHeader[key];
      if (typeof value === 'string' && COLOUR.test(value)) colours[key] = value;
    }
  }
  return { options, superHeader: colours };
}

/**
 * The merged files' check against the contract schemas, once the page has settled (the first page shown,
 * then the visitor's first input or a few quiet seconds: lib/first-page.ts); a failure then replaces the
 * portal with the startup error. Rejects with ConfigLoadError.
 */
export function validateLater(config: RuntimeConfig): Promise<void> {
  // The schemas (zod) are not needed to show the first page: they load after it (docs/decisions/033).
  return whenPageSettled()
    .then(loadContracts)
    .then(({ AccountConfigSchema, RoleConfigSchema, NavigationConfigSchema }) => {
      check('account.json', AccountConfigSchema, config.account);
      check('role-config.json', RoleConfigSchema, config.roles);
      check('navigation.json', NavigationConfigSchema, config.navigation);
    });
}

/**
 * Loads account, role-config and navigation (baseline + tenant, deep-merged) and the theme. Returns
 * the merged configuration and its validation (validateLater). Throws ConfigLoadError. The server
 * rendering a first page loads them the same way through its own routes (`fetchFile`, entry-server.tsx).
 */
export async function loadRuntimeConfig(
  fetchFile: typeof fetch = fetch,
): Promise<{ config: RuntimeConfig; validation: Promise<void> }> {
  const [account, roles, navigation, theme] = await Promise.all([
    loadMerged('account.json', fetchFile),
    loadMerged('role-config.json', fetchFile),
    loadMerged('navigation.json', fetchFile),
    fetchJson('theme.json', true, fetchFile).then(readTheme),
  ]);
  // Until the schemas confirm it, the merged files are read with the types they promise.
  const config: RuntimeConfig = {
    account: account as AccountConfig,
    roles: roles as RoleConfig,
    navigation: navigation as NavigationConfig,
    theme,
  };
  return { config, validation: validateLater(config) };
}

/** The tenant's style sheet; a server-rendered page has it in its head already (entry-server.tsx). */
export const CSS_OVERRIDES_ID = 'tenant-css-overrides';
export const CSS_OVERRIDES_HREF = `${CONFIG_PATH}css-overrides.css`;

/** css-overrides.css applies after the app's own styles (same origin: the CSP allows it). */
export function applyCssOverrides(): void {
  if (document.getElementById(CSS_OVERRIDES_ID)) return;
  const link = document.createElement('link');
  link.id = CSS_OVERRIDES_ID;
  link.rel = 'stylesheet';
  link.href = CSS_OVERRIDES_HREF;
  document.head.append(link);
}
