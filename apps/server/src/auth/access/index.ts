/**
 * Who may see or change which record: the one place the API's access rules live (ARCHITECTURE "Every
 * handler checks that the caller may see or change that household/policy/wallet").
 *
 * - a member: their own household, and policies they are covered by;
 * - a broker: policies where they are broker of record (and those policies' households);
 * - customer service with `member-search`: the records of the member they act for, in their acting
 *   session under way (one member at a time, started with a reason; docs/decisions/043) — outside it they
 *   are refused `acting-session-required`;
 * - a guest: the located subscriber's policies (and their household for the guest pages);
 * - an asserted user: the policies named in the assertion, and a named broker's policies.
 * Records owned by a policy or a household (documents, notifications, wallets, members) follow their
 * owner's rule, with the narrower exceptions written next to each check below.
 * An unknown id answers 404; an existing record that is not the caller's answers 403, except wallets
 * and members, fetched by public ids, and scheduled payments and autopay subscriptions, which answer 404
 * both ways (nothing to learn by trying ids).
 */

export {
  actingSessionRequired,
  actsFor,
  canSearchMembers,
  forbidden,
  isUuid,
  notFound,
  requirePrincipal,
} from './core';
export {
  accessiblePolicyIds,
  authorizePolicy,
  authorizePolicyRef,
  mayAccessPolicy,
  type PolicyRef,
} from './policy';
export { authorizeHousehold, mayAccessHousehold } from './household';
export {
  authorizeMemberReference,
  listablePolicyIds,
  mayUseMemberSearch,
  type MemberReference,
} from './member-search';
export { authorizeDocument, type DocumentRef } from './document';
export {
  authorizeNotifications,
  inboxChannel,
  notificationInbox,
  type Inbox,
  type NotificationRef,
} from './notification';
export {
  authorizeBankAccountItem,
  authorizeHouseholdWallet,
  authorizeWallet,
  authorizeWalletById,
  type WalletRef,
} from './wallet';
export { authorizeMember, type MemberRef } from './member';
export { authorizeScheduledPayment, type ScheduledPaymentRef } from './scheduled-payment';
export { authorizeAutopay, type AutopayRef } from './autopay';
export {
  authorizeHouseholdRequests,
  authorizeServiceRequest,
  type ServiceRequestRef,
} from './service-request';
export { authorizeBrokerBook } from './broker-book';
export { authorizeQueuedRequest, authorizeServiceQueue } from './service-queue';
export { authorizePaperlessConsent, authorizePaperlessRead } from './paperless';
export { authorizeDemographicsRead, mayChangeMember } from './demographics';
export { authorizeAccessHistory } from './access-history';
