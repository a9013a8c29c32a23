import { deepMerge, type NavigationConfig, type RoleConfig } from '@portal/domain';
import type { AccountConfig } from '@portal/contracts';
import baselineAccount from '../../../../config/baseline/account.json';
import baselineNavigation from '../../../../config/baseline/navigation.json';
import baselineRoles from '../../../../config/baseline/role-config.json';
import tenantAccount from '../../../../config/account.json';
import tenantNavigation from '../../../../config/navigation.json';
import tenantRoles from '../../../../config/role-config.json';
import type { RuntimeConfig } from '../config/load-config';

/** The demo tenant's real configuration (baseline + tenant, deep-merged as at startup), with overrides. */
export function testConfig(override: { account?: Record<string, unknown> } = {}): RuntimeConfig {
  const account = deepMerge(
    deepMerge(baselineAccount as unknown, tenantAccount as never),
    (override.account ?? {}) as never,
  ) as AccountConfig;
  return {
    account,
    roles: deepMerge(baselineRoles as unknown, tenantRoles as never) as RoleConfig,
    navigation: deepMerge(baselineNavigation as unknown, tenantNavigation as never) as NavigationConfig,
    theme: { options: {}, superHeader: {} },
  };
}
