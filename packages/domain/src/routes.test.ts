import { describe, expect, it } from 'vitest';
import {
  headerLogoRoute,
  isSafeRelativePath,
  isRouteWithin,
  normalizeRoute,
  resolveRoute,
  rootView,
  routeArea,
  showUploadDocumentsButton,
  startupRedirect,
  unauthenticatedRedirect,
} from './routes';

describe('normalizeRoute', () => {
  it('drops a leading account segment and lowercases', () => {
    expect(normalizeRoute('/account/home')).toBe('/home');
    expect(normalizeRoute('account/home/link-account')).toBe('/home/link-account');
    expect(normalizeRoute('/Account/Payments/Make-Payment')).toBe('/payments/make-payment');
    expect(normalizeRoute('/account')).toBe('/');
  });

  it('drops only a whole leading segment', () => {
    expect(normalizeRoute('/account-overview')).toBe('/account-overview');
    expect(normalizeRoute('/admin/account/x')).toBe('/admin/account/x');
    expect(normalizeRoute('/account/account/x')).toBe('/account/x');
  });

  it('removes the query string, fragment, empty segments and trailing slash', () => {
    expect(normalizeRoute('/admin/email-confirmation?token=AbC#top')).toBe('/admin/email-confirmation');
    expect(normalizeRoute('//payments///wallet/')).toBe('/payments/wallet');
    expect(normalizeRoute('')).toBe('/');
  });
});

describe('isRouteWithin', () => {
  it('matches the route itself and routes below it by whole segments', () => {
    expect(isRouteWithin('/payments/wallet', '/payments')).toBe(true);
    expect(isRouteWithin('/payments', '/payments/')).toBe(true);
    expect(isRouteWithin('/payments-old', '/payments')).toBe(false);
    expect(isRouteWithin('/admin', '/admin/faq')).toBe(false);
  });

  it('lets * contain everything but / only itself', () => {
    expect(isRouteWithin('/anything/at/all', '*')).toBe(true);
    expect(isRouteWithin('/payments', '/')).toBe(false);
    expect(isRouteWithin('/', '')).toBe(true);
  });
});

describe('routeArea / resolveRoute', () => {
  it('finds the top-level area', () => {
    expect(routeArea('/account/payments/wallet')).toBe('payments');
    expect(routeArea('/account-overview')).toBe('account-overview');
    expect(routeArea('/unknown/page')).toBeNull();
    expect(routeArea('/')).toBeNull();
  });

  it('redirects the empty path to account-overview', () => {
    expect(resolveRoute('')).toBe('/account-overview');
    expect(resolveRoute('/account/')).toBe('/account-overview');
    expect(resolveRoute('/Documents/Tax')).toBe('/documents/tax');
  });
});

describe('headerLogoRoute', () => {
  const navigationRoutes = ['/account-overview', '/payments/make-payment'];

  it('uses the configured route when it is among the navigation routes', () => {
    expect(
      headerLogoRoute({ configuredRoute: '/payments/make-payment', navigationRoutes, currentPath: '/home' }),
    ).toBe('/payments/make-payment');
  });

  it('falls back to the first navigation route', () => {
    expect(headerLogoRoute({ configuredRoute: '/broker', navigationRoutes, currentPath: '/home' })).toBe(
      '/account-overview',
    );
    expect(headerLogoRoute({ configuredRoute: null, navigationRoutes, currentPath: '/home' })).toBe(
      '/account-overview',
    );
    expect(headerLogoRoute({ configuredRoute: '', navigationRoutes, currentPath: '/home' })).toBe(
      '/account-overview',
    );
    expect(headerLogoRoute({ configuredRoute: '/x', navigationRoutes: [], currentPath: '/home' })).toBeNull();
  });

  it('clears the link on the PCP selection page', () => {
    expect(
      headerLogoRoute({
        configuredRoute: '/account-overview',
        navigationRoutes,
        currentPath: '/account/admin/pcp-select',
      }),
    ).toBeNull();
  });
});

describe('showUploadDocumentsButton', () => {
  it('shows only on the home area (/account/home, which the router shows at /home) with the flag on', () => {
    expect(showUploadDocumentsButton('/account/home', true)).toBe(true);
    expect(showUploadDocumentsButton('/account/home/link-account', true)).toBe(true);
    expect(showUploadDocumentsButton('/home', true)).toBe(true);
    expect(showUploadDocumentsButton('/home/link-account', true)).toBe(true);
    expect(showUploadDocumentsButton('/account/home', false)).toBe(false);
    expect(showUploadDocumentsButton('/homework', true)).toBe(false);
    expect(showUploadDocumentsButton('/account-overview', true)).toBe(false);
    expect(showUploadDocumentsButton('/admin/additional-products', true)).toBe(false);
  });
});

describe('unauthenticatedRedirect', () => {
  const publicRoutes = ['/home', '/error'];

  it('lets anyone reach public routes and locate-account', () => {
    expect(unauthenticatedRedirect('/account/home', { publicRoutes, redirectToLocateAccount: false })).toBe(
      'allow',
    );
    expect(unauthenticatedRedirect('/error/500', { publicRoutes, redirectToLocateAccount: false })).toBe(
      'allow',
    );
    expect(
      unauthenticatedRedirect('/payments/locate-account', {
        publicRoutes: [],
        redirectToLocateAccount: false,
      }),
    ).toBe('allow');
  });

  it('sends others to login, or to locate-account when configured', () => {
    expect(
      unauthenticatedRedirect('/payments/wallet', { publicRoutes, redirectToLocateAccount: false }),
    ).toBe('login');
    expect(unauthenticatedRedirect('/payments/wallet', { publicRoutes, redirectToLocateAccount: true })).toBe(
      'locate-account',
    );
    expect(unauthenticatedRedirect('', { publicRoutes, redirectToLocateAccount: false })).toBe('login');
  });
});

describe('rootView / startupRedirect', () => {
  it('picks the root view', () => {
    expect(rootView({ loggedOut: true, enrolled: false })).toBe('logged-out');
    expect(rootView({ loggedOut: true, enrolled: true })).toBe('logged-out');
    expect(rootView({ loggedOut: false, enrolled: false })).toBe('no-plans-available');
    expect(rootView({ loggedOut: false, enrolled: true })).toBe('app');
  });

  it('redirects a consumer flow to the stored route, else the post-login URI', () => {
    expect(
      startupRedirect({ consumerFlow: true, preSignInRoute: '/payments/wallet', postLoginUri: '/x' }),
    ).toBe('/payments/wallet');
    expect(startupRedirect({ consumerFlow: true, preSignInRoute: ' ', postLoginUri: '/documents/tax' })).toBe(
      '/documents/tax',
    );
    expect(startupRedirect({ consumerFlow: true })).toBeNull();
    expect(startupRedirect({ consumerFlow: false, preSignInRoute: '/payments/wallet' })).toBeNull();
  });
});

describe('isSafeRelativePath (where sign-in may send the browser back, decision 050)', () => {
  it('takes a path on this site and refuses another host, a backslash trick or anything else', () => {
    expect(isSafeRelativePath('/documents/invoice?x=1')).toBe(true);
    for (const unsafe of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'documents',
      '',
      null,
      42,
    ]) {
      expect(isSafeRelativePath(unsafe)).toBe(false);
    }
  });
});
