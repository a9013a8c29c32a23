import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { MEMBER_SEARCH_PERMISSION, navigationRoutes } from '@portal/domain';
import type { ActingSession } from '@portal/contracts';
import { useConfig } from '../config/config-context';
import { useHouseholdUser } from '../data/household/get-household-user';
import { useSession } from '../data/session/get-session';
import { applyAssertedLanguage, applyMemberLanguage } from '../i18n';
import { credentialKey, useCredential } from '../lib/auth/credentials';
import { SIGNED_OUT_PATH } from '../lib/auth/auth';
import { DIAGNOSTICS, logClientEvent } from '../lib/client-log';
import { updatePortalState, usePortalState, type ActingFor } from '../lib/portal-state';
import { ViewerContext, type ViewerState } from '../lib/viewer';
import { logoRouteFor, menuFor, policiesOf, rootViewFor } from './navigation';

/** Whom the household read opens for staff acting for a member: their household, else the policy they were opened by. */
function actingLookup(acting: ActingSession | null): ActingFor | null {
  if (!acting) return null;
  const label = acting.label ?? acting.memberName ?? undefined;
  if (acting.householdId) return { idType: 'Household', id: acting.householdId, ...(label ? { label } : {}) };
  if (acting.policyId) return { idType: 'Policy', id: acting.policyId, ...(label ? { label } : {}) };
  return null;
}

/**
 * Loads who the signed-in person is (GET /api/v1/session) and what they may see (POST
 * /api/v1/Household/user, with the member-search id for staff), and computes the SPEC §4 menu, the
 * SPEC §2 logo route and root view once for the whole app.
 */
export function ViewerProvider({ children }: { children: ReactNode }) {
  const config = useConfig();
  const location = useLocation();
  const credential = useCredential();
  const key = credentialKey(credential);
  const { actingFor, bindingPaymentComplete } = usePortalState();
  const session = useSession(key);
  const canSearch = session.data?.permissions.includes(MEMBER_SEARCH_PERMISSION) ?? false;
  // Staff act for the member of their acting session (docs/decisions/043): the server says whom, not this
  // tab's memory (another tab may have ended it, sign-out or the idle time may have); brokers look their
  // clients up by the header's search.
  const actingSession = session.data?.kind === 'staff' ? (session.data.actingSession ?? null) : null;
  const staffLookup = useMemo(() => actingLookup(actingSession), [actingSession]);
  const lookup = session.data?.kind === 'staff' ? staffLookup : canSearch ? actingFor : null;
  const search = lookup ? (lookup.label ?? lookup.id) : null;
  // With nobody being acted for, the lookup is null whatever the session's permissions: the household
  // is then asked for beside the session instead of after it, one round trip less before the first page.
  const lookupKnown = session.data !== undefined || actingFor === null;
  const household = useHouseholdUser(
    lookupKnown ? key : null,
    lookup ? { idType: lookup.idType, id: lookup.id } : null,
  );

  const state = useMemo<ViewerState>(() => {
    if (key === null) return { status: 'signed-out' };
    if (session.isError || household.isError) return { status: 'error' };
    if (!session.data || !household.data) return { status: 'loading' };
    const navigation = menuFor({
      session: session.data,
      household: household.data,
      config,
      bindingPaymentComplete,
    });
    const policies = policiesOf(household.data);
    return {
      status: 'ready',
      viewer: {
        credentialKey: key,
        session: session.data,
        household: household.data,
        policies,
        navigation,
        navigationRoutes: navigationRoutes(navigation),
        logoRoute: logoRouteFor(navigation, config, location.pathname),
        actingFor: search,
        actingSession,
        isStaffOrBroker: session.data.kind === 'staff' || session.data.kind === 'broker',
        rootView: rootViewFor(session.data, household.data, location.pathname === SIGNED_OUT_PATH),
        memberState: policies[0]?.stateSource ?? null,
      },
    };
  }, [
    key,
    session.data,
    session.isError,
    household.data,
    household.isError,
    config,
    bindingPaymentComplete,
    location.pathname,
    search,
    actingSession,
  ]);

  // The tab remembers whom staff act for (a reload asks for the member beside the session): kept in step
  // with the server's acting session.
  const staffSession = session.data?.kind === 'staff';
  useEffect(() => {
    if (!staffSession) return;
    const current = actingFor ? `${actingFor.idType}:${actingFor.id}` : null;
    const wanted = staffLookup ? `${staffLookup.idType}:${staffLookup.id}` : null;
    if (current !== wanted) updatePortalState({ actingFor: staffLookup });
  }, [staffSession, staffLookup, actingFor]);

  // SPEC §4: an assertion's language preference overrides the stored language.
  const languagePreference = session.data?.kind === 'asserted' ? session.data.languagePreference : null;
  useEffect(() => {
    void applyAssertedLanguage(languagePreference).catch(() => undefined);
  }, [languagePreference]);
  // Issue 11: a member's preferred language, when the browser has none stored (the stored one comes first).
  const memberLanguage = session.data?.kind === 'member' ? (session.data.preferredLanguage ?? null) : null;
  useEffect(() => {
    void applyMemberLanguage(memberLanguage).catch(() => undefined);
  }, [memberLanguage]);

  // SPEC §8 diagnostic: a signed-in member, not through an assertion, for whom nothing is routable.
  const viewer = state.status === 'ready' ? state.viewer : null;
  const noRoutes =
    viewer !== null &&
    viewer.session.kind === 'member' &&
    viewer.navigation.length === 0 &&
    viewer.rootView === 'app';
  useEffect(() => {
    if (noRoutes) logClientEvent({ level: 'warn', event: 'navigation.empty', message: DIAGNOSTICS.noRoutes });
  }, [noRoutes]);

  return <ViewerContext value={state}>{children}</ViewerContext>;
}
