/**
 * Role configuration and what it grants (SPEC §6 "Roles and permissions").
 *
 * The shape of `config/role-config.json` (deep-merged over `config/baseline/role-config.json`)
 * is {@link RoleConfig}. Role names match case-insensitively, because identity providers differ
 * in how they spell them (`Member`, `member`).
 */
import type { DeepPartial } from './config-merge';
import { isRouteWithin } from './routes';

/** SPEC §6: what one role grants. */
export interface RoleDefinition {
  /** Optional note for people reading the configuration file. */
  readonly description?: string;
  /** Routes the role may open; each also opens the routes below it. `*` opens every route. */
  readonly routes: readonly string[];
  /** Named actions the role may perform (see {@link roleActions}). */
  readonly actions: readonly string[];
  /**
   * SPEC §6 "Role actions are disabled outside production": when true, this role's actions are granted
   * only in production (the baseline sets it on the `tester` role). Business roles leave it unset: the
   * server enforces their actions in every environment, demo included (docs/decisions/013).
   */
  readonly actionsOnlyInProduction?: boolean;
  /** Named permissions, e.g. `member-search`. */
  readonly permissions: readonly string[];
  /**
   * SPEC §6 "Coverage details needs role-based access control": the amount groups of a coverage span the
   * role may see (`premium`, `subsidies`; coverage-changes.ts). Amounts of other groups are not sent.
   */
  readonly coverageDetailAmounts?: readonly string[];
  /** SPEC §5: the reasons the role may give to end coverage (coverage-changes.ts `END_COVERAGE_REASONS`). */
  readonly endCoverageReasons?: readonly string[];
  /** The reasons the role may give to change coverage dates (coverage-changes.ts `COVERAGE_DATE_REASONS`). */
  readonly coverageDateReasons?: readonly string[];
}

/** SPEC §6, §7: the role configuration file (`config/role-config.json`). */
export interface RoleConfig {
  /** The role a visitor without roles (a guest who located an account) is given. */
  readonly guestRole: string;
  /** Role name → what it grants. */
  readonly roles: Readonly<Record<string, RoleDefinition>>;
}

/** SPEC §7: a tenant override of the role file (`config/role-config.json`), deep-merged over the baseline. */
export type RoleConfigOverride = DeepPartial<RoleConfig>;

/** SPEC §6: the permission that shows the member-search box. */
export const MEMBER_SEARCH_PERMISSION = 'member-search';

/** SPEC §6: the test role and what it is given. */
export const TESTER_ROLE = 'tester';

/**
 * The definitions of `roles` that exist in `config` (case-insensitive); unknown roles are ignored.
 * A user without roles is given the configured guest role (SPEC §6: guests get restricted pages).
 */
export function roleDefinitions(roles: readonly string[], config: RoleConfig): RoleDefinition[] {
  const wanted = (roles.length > 0 ? roles : [config.guestRole]).map((role) => role.trim().toLowerCase());
  return Object.entries(config.roles)
    .filter(([name]) => wanted.includes(name.toLowerCase()))
    .map(([, definition]) => definition);
}

function union(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/** SPEC §6: every route the user's roles open (no duplicates, configuration order). */
export function roleRoutes(roles: readonly string[], config: RoleConfig): string[] {
  return union(roleDefinitions(roles, config).map((definition) => definition.routes));
}

/**
 * SPEC §6 "navigation depends on roles": whether any of the user's roles opens `route`
 * (the route itself or one above it, by whole segments after normalisation, or `*`).
 */
export function isRouteAllowedForRoles(route: string, roles: readonly string[], config: RoleConfig): boolean {
  return roleRoutes(roles, config).some((allowed) => isRouteWithin(route, allowed));
}

/** SPEC §6: every permission the user's roles carry. */
export function rolePermissions(roles: readonly string[], config: RoleConfig): string[] {
  return union(roleDefinitions(roles, config).map((definition) => definition.permissions));
}

/** SPEC §6: whether the user's roles carry `permission` (e.g. {@link MEMBER_SEARCH_PERMISSION}). */
export function hasPermission(roles: readonly string[], permission: string, config: RoleConfig): boolean {
  return rolePermissions(roles, config).includes(permission);
}

/**
 * SPEC §6: the actions the user's roles may perform. A role marked `actionsOnlyInProduction` (the test
 * role) contributes nothing outside production: "role actions are disabled outside production".
 */
export function roleActions(
  roles: readonly string[],
  config: RoleConfig,
  environment: { readonly production: boolean },
): string[] {
  return union(
    roleDefinitions(roles, config)
      .filter((definition) => environment.production || definition.actionsOnlyInProduction !== true)
      .map((definition) => definition.actions),
  );
}

/** SPEC §6: whether the user may perform `action` (see {@link roleActions} for production-only roles). */
export function canPerformAction(
  roles: readonly string[],
  action: string,
  config: RoleConfig,
  environment: { readonly production: boolean },
): boolean {
  return roleActions(roles, config, environment).includes(action);
}
