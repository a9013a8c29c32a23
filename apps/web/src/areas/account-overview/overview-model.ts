import type { PolicySummary } from '@portal/contracts';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { isBrokerSession, type Viewer } from '../../lib/viewer';

/** One policy as the overview shows it: its current entry and any later spans (renewals) of it. */
export interface OverviewPolicy {
  summary: PolicySummary;
  upcoming: PolicySummary[];
}

/**
 * SPEC §4 "Each further future span becomes an extra policy": the API lists those as extra entries of
 * the same policy id; the overview shows each policy once with its upcoming spans beneath it.
 */
export function groupPolicies(policies: readonly PolicySummary[]): OverviewPolicy[] {
  const byId = new Map<string, OverviewPolicy>();
  for (const policy of policies) {
    const entry = byId.get(policy.id);
    if (!entry) byId.set(policy.id, { summary: policy, upcoming: [] });
    else if (policy.isPrimaryPolicy && !entry.summary.isPrimaryPolicy)
      byId.set(policy.id, { summary: policy, upcoming: [entry.summary, ...entry.upcoming] });
    else entry.upcoming.push(policy);
  }
  return [...byId.values()];
}

/** What the overview shows for this viewer. */
export type OverviewMode =
  /** Staff with member search and no member chosen yet. */
  | 'find-member'
  /** Staff without member search (the SPEC §6 test role): what their role may do. */
  | 'role'
  /** A broker's (or a broker assertion's) clients: a list, one line per policy. */
  | 'book'
  /** One member's own account (members, asserted members, guests, staff acting for a member). */
  | 'member';

export function overviewMode(viewer: Viewer): OverviewMode {
  const { session } = viewer;
  if (viewer.actingFor !== null) return 'member';
  if (session.kind === 'staff')
    return session.permissions.includes(MEMBER_SEARCH_PERMISSION) ? 'find-member' : 'role';
  if (isBrokerSession(session)) return 'book';
  return 'member';
}

/** Guests proved a few facts, not who they are: they see what paying needs, not the household's details. */
export const isGuest = (viewer: Viewer): boolean => viewer.session.kind === 'guest';
