// @ts-check
// Which one part of the server owns each table of db/schema (issue 38, docs/ARCHITECTURE.md "Modules and
// the tables they own"). Keys are the names db/schema exports; values are folders under apps/server/src.
// The dependency-direction lint (tools/eslint/dependency-direction.js) reads this map: a file under
// modules/<m> may import a table only when modules/<m> owns it; any other module reaches that table through
// its owner's service.ts. A new table gets its line here (tools/eslint/dependency-direction.test.ts fails
// on a table without an owner).
export const TABLE_OWNERS = {
  // Sign-in identity: the built-in OpenID providers, sessions and accounts (auth/, idp/).
  accounts: 'auth',
  oidcPayloads: 'auth',
  portalSessions: 'auth',
  webSessions: 'auth',
  failureEvents: 'lib',
  usedAssertions: 'modules/saml',

  // The household and what it prefers.
  households: 'modules/household',
  addresses: 'modules/address',
  contactInformation: 'modules/contact',
  preferences: 'modules/paperless',

  // Policies and the people on them.
  policies: 'modules/policy',
  coverageSpans: 'modules/policy',
  members: 'modules/member',
  memberSpans: 'modules/member',
  plans: 'modules/benefits',
  finances: 'modules/finance',
  reinstatementEligibility: 'modules/reinstatement',
  brokers: 'modules/broker',
  brokerBookRows: 'modules/broker-book',
  employerGroups: 'modules/group',

  // Money.
  payments: 'modules/payment',
  paymentRefunds: 'modules/payment',
  processorEvents: 'modules/processor',
  scheduledPayments: 'modules/scheduled-payment',
  autopaySubscriptions: 'modules/autopay',
  autopayRuns: 'modules/autopay',
  wallets: 'modules/wallet',
  walletCards: 'modules/wallet',
  walletBankAccounts: 'modules/wallet',
  idempotencyRecords: 'plugins',

  // Requests, documents, messages.
  serviceRequests: 'modules/service-request',
  serviceRequestEvents: 'modules/service-request',
  serviceRequestAttachments: 'modules/service-request',
  documents: 'modules/document',
  notifications: 'modules/notification',
  emailConfirmations: 'modules/paperless',
  mailQueue: 'mail',
  devMailbox: 'mail',
  outboxEvents: 'outbox',

  // Staff, audit, logging, the issuer's feeds.
  actingSessions: 'modules/acting-session',
  auditLog: 'modules/audit',
  clientEvents: 'modules/logging',
  enrollmentImports: 'modules/enrollment',
  enrollmentTransactions: 'modules/enrollment',
  enrollmentEffectuations: 'modules/enrollment',
  webhookSubscribers: 'modules/issuer-events',
  webhookDeliveries: 'modules/issuer-events',
};
