import { describe, expect, it } from 'vitest';
import {
  canPerformAction,
  hasPermission,
  isRouteAllowedForRoles,
  MEMBER_SEARCH_PERMISSION,
  roleActions,
  roleDefinitions,
  rolePermissions,
  roleRoutes,
} from './roles';
import type { RoleConfig } from './roles';

const config: RoleConfig = {
  guestRole: 'guest',
  roles: {
    member: {
      routes: ['/account-overview', '/payments', '/admin'],
      actions: ['make-payment'],
      permissions: [],
    },
    guest: { routes: ['/payments/make-payment', '/admin/faq'], actions: ['make-payment'], permissions: [] },
    'customer-service': { routes: ['*'], actions: ['add-dependent'], permissions: ['member-search'] },
    tester: {
      routes: ['/account-overview'],
      actions: ['test-action'],
      permissions: [],
      actionsOnlyInProduction: true,
    },
  },
};

describe('roleDefinitions', () => {
  it('matches role names case-insensitively and ignores unknown roles', () => {
    expect(roleDefinitions(['MEMBER', ' tester ', 'pilot'], config)).toEqual([
      config.roles.member,
      config.roles.tester,
    ]);
  });

  it('gives a user without roles the guest role', () => {
    expect(roleDefinitions([], config)).toEqual([config.roles.guest]);
  });
});

describe('routes', () => {
  it('unites the routes of every role, without duplicates', () => {
    expect(roleRoutes(['member', 'tester'], config)).toEqual(['/account-overview', '/payments', '/admin']);
  });

  it('opens a route below an allowed one, by whole segments', () => {
    expect(isRouteAllowedForRoles('/payments/wallet', ['member'], config)).toBe(true);
    expect(isRouteAllowedForRoles('/Account/Payments/Wallet?x=1', ['member'], config)).toBe(true);
    expect(isRouteAllowedForRoles('/payments-archive', ['member'], config)).toBe(false);
    expect(isRouteAllowedForRoles('/broker', ['member'], config)).toBe(false);
  });

  it('gives the tester only /account-overview', () => {
    expect(isRouteAllowedForRoles('/account-overview', ['tester'], config)).toBe(true);
    expect(isRouteAllowedForRoles('/payments/make-payment', ['tester'], config)).toBe(false);
  });

  it('opens everything with *', () => {
    expect(isRouteAllowedForRoles('/broker/anything', ['customer-service'], config)).toBe(true);
  });

  it('keeps a guest to the guest pages', () => {
    expect(isRouteAllowedForRoles('/payments/make-payment', [], config)).toBe(true);
    expect(isRouteAllowedForRoles('/payments/wallet', [], config)).toBe(false);
  });
});

describe('permissions', () => {
  it('grants member search only with the member-search permission', () => {
    expect(hasPermission(['customer-service'], MEMBER_SEARCH_PERMISSION, config)).toBe(true);
    expect(hasPermission(['member'], MEMBER_SEARCH_PERMISSION, config)).toBe(false);
    expect(rolePermissions(['member', 'Customer-Service'], config)).toEqual(['member-search']);
  });
});

describe('actions', () => {
  it('grants role actions in production, test-action to the tester', () => {
    expect(roleActions(['tester'], config, { production: true })).toEqual(['test-action']);
    expect(roleActions(['member', 'customer-service'], config, { production: true })).toEqual([
      'make-payment',
      'add-dependent',
    ]);
    expect(canPerformAction(['tester'], 'test-action', config, { production: true })).toBe(true);
    expect(canPerformAction(['member'], 'test-action', config, { production: true })).toBe(false);
  });

  it('disables the actions of production-only roles (the tester) outside production, and only those', () => {
    expect(roleActions(['tester'], config, { production: false })).toEqual([]);
    expect(canPerformAction(['tester'], 'test-action', config, { production: false })).toBe(false);
    expect(roleActions(['member', 'tester'], config, { production: false })).toEqual(['make-payment']);
    expect(canPerformAction(['member'], 'make-payment', config, { production: false })).toBe(true);
  });
});
