import type { TranslationKey } from '../i18n/loose';

/**
 * The one route table (SPEC §2): every page of this build with the translation key of its title (route
 * data) and who may open it. The router gives each its lazily loaded page (`app/router.tsx`), the menu
 * shows only these pages (`app/navigation.ts`), and the end-to-end journeys read it too: the axe sweep
 * (`e2e/axe-sweep.spec.ts`) opens every page in it, and the menu checks know which pages exist.
 * A new page is added here, and the compiler then asks the router for its module.
 */
export interface RouteEntry {
  path: string;
  titleKey: TranslationKey;
  /**
   * Public pages need no sign-in; private ones need a signed-in member, staff or broker (SPEC §6);
   * guest pages are private pages a located guest may open as well (SPEC §4 guest scenarios: paying);
   * staff pages are private pages only staff with the member-search permission may open (issue 13;
   * anyone else gets the not-found page, and the API refuses them the data).
   */
  access: 'public' | 'private' | 'guest' | 'staff';
  /** A sign-in landing that does its work and moves on (nothing to look at; not a menu target). */
  landing?: true;
}

export const ROUTE_TABLE = [
  { path: '/home', titleKey: 'home.title', access: 'public' },
  { path: '/payments/locate-account', titleKey: 'locate.title', access: 'public' },
  { path: '/auth/callback', titleKey: 'signIn.callbackTitle', access: 'public', landing: true },
  { path: '/auth/asserted', titleKey: 'signIn.assertedTitle', access: 'public', landing: true },
  { path: '/auth/signed-out', titleKey: 'account.signedOut.pageTitle', access: 'public' },
  { path: '/error/500', titleKey: 'serverError.title', access: 'public' },
  // Issue 40: an API answer of 503 (briefly unavailable) leads here instead of /error/500.
  { path: '/error/unavailable', titleKey: 'unavailable.title', access: 'public' },
  { path: '/payments/wallet', titleKey: 'wallet.title', access: 'private' },
  { path: '/account-overview', titleKey: 'overview.title', access: 'guest' },
  { path: '/payments/make-payment', titleKey: 'payments.makePayment.title', access: 'guest' },
  { path: '/payments/binding-payment', titleKey: 'payments.binder.title', access: 'guest' },
  { path: '/payments/payment-history', titleKey: 'payments.history.title', access: 'private' },
  { path: '/payments/autopay', titleKey: 'autopay.title', access: 'private' },
  { path: '/payments/scheduled-payments', titleKey: 'scheduledPayments.title', access: 'private' },
  { path: '/payments/payment-history/:paymentId', titleKey: 'payments.receipt.title', access: 'private' },
  // A guest's receipt lives under the page that made it (guests have no payment history page).
  { path: '/payments/make-payment/receipt/:paymentId', titleKey: 'payments.receipt.title', access: 'guest' },
  { path: '/documents/invoice', titleKey: 'documents.invoice.title', access: 'private' },
  { path: '/documents/notice', titleKey: 'documents.notice.title', access: 'private' },
  { path: '/documents/tax', titleKey: 'documents.tax.title', access: 'private' },
  { path: '/notification/view-notifications', titleKey: 'nav.notifications', access: 'private' },
  { path: '/admin/paperless-settings', titleKey: 'paperless.title', access: 'private' },
  { path: '/admin/email-confirmation', titleKey: 'emailConfirmation.title', access: 'private' },
  { path: '/admin/policy-selection/service-requests', titleKey: 'serviceRequests.title', access: 'private' },
  { path: '/admin/service-requests-alt', titleKey: 'serviceRequests.altTitle', access: 'private' },
  // Issue 13: staff process members' service requests (role action process-service-request); reached from the staff home.
  { path: '/admin/service-queue', titleKey: 'serviceQueue.title', access: 'private' },
  { path: '/admin/service-queue/:requestId', titleKey: 'serviceQueue.requestTitle', access: 'private' },
  // Issue 11: coverage details, and under it ending coverage and changing its dates (no menu entries); change plan.
  { path: '/admin/policy-selection/coverage-details', titleKey: 'coverageDetails.title', access: 'private' },
  {
    path: '/admin/policy-selection/coverage-details/end-coverage',
    titleKey: 'endCoverage.title',
    access: 'private',
  },
  {
    path: '/admin/policy-selection/coverage-details/change-dates',
    titleKey: 'coverageDates.title',
    access: 'private',
  },
  { path: '/admin/policy-selection/change-plan', titleKey: 'changePlan.title', access: 'private' },
  // Issue 11: reinstating a terminated policy; a located guest of a reinstatable account may open it too (SPEC §4).
  {
    path: '/admin/policy-selection/span-selection/reactivate-plan',
    titleKey: 'reinstatement.title',
    access: 'guest',
  },
  { path: '/admin/policy-selection/contact-info', titleKey: 'contactInfo.title', access: 'private' },
  { path: '/admin/policy-selection/manage-address', titleKey: 'address.title', access: 'private' },
  // SPEC §2: reached after a demographics update (and linked from the contact and address pages); no menu entry.
  { path: '/admin/demographics', titleKey: 'demographics.title', access: 'private' },
  { path: '/admin/policy-selection/manage-dependents', titleKey: 'dependents.title', access: 'private' },
  { path: '/admin/policy-selection/report-change', titleKey: 'reportChange.title', access: 'private' },
  // Issue 12: benefits, the member ID card (from the overview and the menu), and the FAQ (a located guest may read it: role-config gives guests /admin/faq).
  { path: '/admin/policy-selection/view-benefits', titleKey: 'benefits.title', access: 'private' },
  { path: '/account-overview/id-card', titleKey: 'idCard.title', access: 'private' },
  { path: '/admin/faq', titleKey: 'faq.title', access: 'guest' },
  // Issue 12: choosing a primary care provider (SPEC §4 prunes its menu entry; SPEC §2 clears the logo link there),
  // the broker of record, applying for more coverage (the upload-documents button leads there), and linking an
  // account in the home area (public, like /home: an account not linked yet has no plans to show elsewhere).
  { path: '/admin/pcp-select', titleKey: 'pcpSelect.title', access: 'private' },
  { path: '/admin/policy-selection/broker', titleKey: 'brokerChange.title', access: 'private' },
  { path: '/admin/additional-products', titleKey: 'additionalProducts.title', access: 'private' },
  { path: '/home/link-account', titleKey: 'linkAccount.title', access: 'public' },
  // Issue 13: staff find a member and see them on one page (member 360) before acting for them.
  { path: '/admin/members', titleKey: 'staff.find.title', access: 'staff' },
  { path: '/admin/members/member-360', titleKey: 'staff.member360.title', access: 'staff' },
  // Issue 13: the staff payments desk and audit trail (role actions refund-payment / retry-failed-jobs, search-audit;
  // reached from the staff home), and "who has seen my information" in the member's menu.
  { path: '/admin/payments-desk', titleKey: 'paymentsDesk.title', access: 'staff' },
  { path: '/admin/audit', titleKey: 'auditTrail.title', access: 'staff' },
  { path: '/admin/access-history', titleKey: 'accessHistory.title', access: 'private' },
  // Issue 34, decision 056: the 834 enrolment imports (role action view-enrollment-imports; reached from the staff home).
  { path: '/admin/enrollment-imports', titleKey: 'enrollmentImports.title', access: 'staff' },
  {
    path: '/admin/enrollment-imports/:importId',
    titleKey: 'enrollmentImports.detail.title',
    access: 'staff',
  },
  // Decision 056: the issuer's webhook subscribers (role action manage-webhooks; reached from the staff home).
  { path: '/admin/webhook-subscribers', titleKey: 'webhookSubscribers.title', access: 'staff' },
  // Issue 13: a broker's book of business (SPEC §1 broker area) and one client of it.
  { path: '/broker', titleKey: 'broker.book.title', access: 'private' },
  { path: '/broker/clients/:policyId', titleKey: 'broker.client.title', access: 'private' },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

/** The not-found page's route data (anything else). */
export const NOT_FOUND_ROUTE = {
  path: '*',
  titleKey: 'notFound.title',
  access: 'public',
} as const satisfies RouteEntry;

/**
 * The pages of this build a menu entry or a link may name (SPEC §2): the table without sign-in landings
 * and pages that need an id. A configured menu entry for any other page is left out (it would lead
 * nowhere).
 */
export const BUILT_ROUTES: readonly string[] = ROUTE_TABLE.filter(
  (route: RouteEntry) => !route.landing && !route.path.includes(':'),
).map((route) => route.path);

/** SPEC §2/§6: pages anyone may open without signing in (locate-account is always exempt). */
export const PUBLIC_ROUTES = ['/home', '/payments/locate-account', '/auth', '/error'] as const;
