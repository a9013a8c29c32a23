import { relations } from 'drizzle-orm';
import { addresses, contactInformation, households, preferences } from './households';
import { brokers, employerGroups } from './parties';
import { plans } from './plans';
import {
  coverageSpans,
  finances,
  members,
  memberSpans,
  policies,
  reinstatementEligibility,
} from './policies';
import { autopaySubscriptions, scheduledPayments } from './payments';
import { wallets } from './wallets';

/**
 * Relations for Drizzle's relational queries: a policy with everything its page shows is read in ONE
 * SQL statement (nested JSON built by PostgreSQL) instead of a dozen round trips.
 */
export const policiesRelations = relations(policies, ({ one, many }) => ({
  household: one(households, { fields: [policies.householdId], references: [households.id] }),
  subscriber: one(members, { fields: [policies.subscriberMemberId], references: [members.id] }),
  broker: one(brokers, { fields: [policies.brokerId], references: [brokers.id] }),
  group: one(employerGroups, { fields: [policies.groupId], references: [employerGroups.id] }),
  residentialAddress: one(addresses, {
    fields: [policies.residentialAddressId],
    references: [addresses.id],
    relationName: 'residential',
  }),
  mailingAddress: one(addresses, {
    fields: [policies.mailingAddressId],
    references: [addresses.id],
    relationName: 'mailing',
  }),
  finance: one(finances, { fields: [policies.id], references: [finances.policyId] }),
  reinstatement: one(reinstatementEligibility, {
    fields: [policies.id],
    references: [reinstatementEligibility.policyId],
  }),
  spans: many(coverageSpans),
  memberSpans: many(memberSpans),
  autopaySubscriptions: many(autopaySubscriptions),
  scheduledPayments: many(scheduledPayments),
}));

export const householdsRelations = relations(households, ({ one, many }) => ({
  preferences: one(preferences, { fields: [households.id], references: [preferences.householdId] }),
  contactInformation: one(contactInformation, {
    fields: [households.id],
    references: [contactInformation.householdId],
  }),
  policies: many(policies),
  wallet: one(wallets, { fields: [households.id], references: [wallets.householdId] }),
}));

export const addressesRelations = relations(addresses, ({ many }) => ({
  residentialOf: many(policies, { relationName: 'residential' }),
  mailingOf: many(policies, { relationName: 'mailing' }),
}));

export const coverageSpansRelations = relations(coverageSpans, ({ one }) => ({
  policy: one(policies, { fields: [coverageSpans.policyId], references: [policies.id] }),
  plan: one(plans, { fields: [coverageSpans.planId], references: [plans.id] }),
}));

export const memberSpansRelations = relations(memberSpans, ({ one }) => ({
  policy: one(policies, { fields: [memberSpans.policyId], references: [policies.id] }),
  member: one(members, { fields: [memberSpans.memberId], references: [members.id] }),
}));

export const membersRelations = relations(members, ({ many }) => ({
  spans: many(memberSpans),
  subscriberOf: many(policies),
}));

export const financesRelations = relations(finances, ({ one }) => ({
  policy: one(policies, { fields: [finances.policyId], references: [policies.id] }),
}));

export const reinstatementRelations = relations(reinstatementEligibility, ({ one }) => ({
  policy: one(policies, { fields: [reinstatementEligibility.policyId], references: [policies.id] }),
}));

export const autopayRelations = relations(autopaySubscriptions, ({ one }) => ({
  policy: one(policies, { fields: [autopaySubscriptions.policyId], references: [policies.id] }),
}));

export const scheduledPaymentsRelations = relations(scheduledPayments, ({ one }) => ({
  policy: one(policies, { fields: [scheduledPayments.policyId], references: [policies.id] }),
}));

export const brokersRelations = relations(brokers, ({ many }) => ({ policies: many(policies) }));
export const employerGroupsRelations = relations(employerGroups, ({ many }) => ({
  policies: many(policies),
}));
export const plansRelations = relations(plans, ({ many }) => ({ spans: many(coverageSpans) }));
