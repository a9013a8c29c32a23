import { createContext, useContext } from 'react';
import type { ActingSession, HouseholdUserResponse, PolicySummary, SessionInfo } from '@portal/contracts';
import type { NavigationItem, RootView } from '@portal/domain';

/**
 * Who is looking at the portal and what they may see: the API's session, their households and
 * policies with the SPEC §4 scenario, and the navigation computed from them. Computed once by the
 * shell, read by every page.
 */
export interface Viewer {
  /** Key of the signed-in credential (query keys). */
  credentialKey: string;
  session: SessionInfo;
  household: HouseholdUserResponse;
  /** Household policies first, then policies without a household (SPEC §4 order). */
  policies: PolicySummary[];
  /** SPEC §4: the menu, pruned and limited to pages that exist. */
  navigation: NavigationItem[];
  navigationRoutes: string[];
  /** SPEC §2: where the header logo leads (null on /admin/pcp-select). */
  logoRoute: string | null;
  /** SPEC §2 member search: the member being looked at, as the banner names them (exchange subscriber ID, else policy number), or null. */
  actingFor: string | null;
  /**
   * Staff: the acting session under way (docs/decisions/043) — the server's word on whom they act for
   * and why; null when they act for nobody (and for everyone who is not staff).
   */
  actingSession: ActingSession | null;
  /** Staff and brokers look at other people's accounts; members, guests and asserted users at their own. */
  isStaffOrBroker: boolean;
  /** SPEC §2 root states. */
  rootView: RootView;
  /** Two-letter state of the member's coverage (footer nondiscrimination notice, SPEC §4). */
  memberState: string | null;
}

/** Not signed in; signed in and loading who they are; ready; or the load failed (the global error handles it). */
export type ViewerState =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; viewer: Viewer };

export const ViewerContext = createContext<ViewerState>({ status: 'signed-out' });

export function useViewerState(): ViewerState {
  return useContext(ViewerContext);
}

/** The signed-in viewer, or null for a visitor who is not signed in (or while it loads). */
export function useViewer(): Viewer | null {
  const state = useContext(ViewerContext);
  return state.status === 'ready' ? state.viewer : null;
}

/** For pages that exist only behind sign-in: the route guard guarantees a viewer. */
export function useSignedInViewer(): Viewer {
  const viewer = useViewer();
  if (!viewer) throw new Error('useSignedInViewer outside a signed-in page');
  return viewer;
}

/**
 * Whether the caller is a broker with a book of business: signed in as one, or arriving with a broker
 * system's assertion that names the broker (the server answers the book for both).
 */
export function isBrokerSession(session: SessionInfo): boolean {
  return session.kind === 'broker' || (session.kind === 'asserted' && session.brokerId !== null);
}
