import fs from 'node:fs';
import path from 'node:path';
import {
  AccountConfigSchema,
  NavigationConfigSchema,
  RoleConfigSchema,
  type AccountConfig,
} from '@portal/contracts';
import { deepMerge, type NavigationConfig, type RoleConfig } from '@portal/domain';
import type { z } from 'zod';

/** The tenant configuration the server itself needs, read once at start from CONFIG_DIR. */
export interface TenantConfig {
  account: AccountConfig;
  roles: RoleConfig;
  navigation: NavigationConfig;
}

export class TenantConfigError extends Error {}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new TenantConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

function load<S extends z.ZodType>(configDir: string, name: string, schema: S): z.infer<S> {
  const baseline = readJson(path.join(configDir, 'baseline', name));
  const overridePath = path.join(configDir, name);
  const merged = fs.existsSync(overridePath)
    ? deepMerge(baseline, readJson(overridePath) as never)
    : baseline;
  const result = schema.safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new TenantConfigError(`Invalid configuration ${name}: ${problems.join('; ')}`);
  }
  return result.data;
}

/** Baseline deep-merged with the tenant's overrides, validated; throws TenantConfigError naming the field. */
export function loadTenantConfig(configDir: string): TenantConfig {
  return {
    account: load(configDir, 'account.json', AccountConfigSchema),
    roles: load(configDir, 'role-config.json', RoleConfigSchema),
    navigation: load(configDir, 'navigation.json', NavigationConfigSchema),
  };
}
