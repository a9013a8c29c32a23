import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { MEMBER_SEARCH_PERMISSION, navigationRoutes } from '@portal/domain';
import { useConfig } from '../config/config-context';
import { useHouseholdUser } from '../data/household/get-household-user';
import { useSession } from '../data/session/get-session';
import { applyAssertedLanguage, applyMemberLanguage } from '../i18n';
import { credentialKey, useCredential } from '../lib/auth/credentials';
import { SIGNED_OUT_PATH } from '../lib/auth/auth';
import { DIAGNOSTICS, logClientEvent } from '../lib/client-log';
import { usePortalState } from '../lib/portal-state';
import { ViewerContext, type ViewerState } from '../lib/viewer';
import { logoRouteFor, menuFor, policiesOf, rootViewFor } from './navigation';

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
  const lookup = canSearch ? actingFor : null;
  const search = lookup ? (lookup.label ?? lookup.id) : null;
  // With nobody being acted for, the lookup is null whatever the session's permissions: the household
  // is then asked for beside the session instead of after it, one round trip less before the first page.
  const lookupKnown = session.data !== undefined || actingFor === null;
  const household = useHouseholdUser(lookupKnown ? key : null, lookup ? { idType: lookup.idType, id: lookup.id } : null);

  const state = useMemo<ViewerState>(() => {
    if (key === null) return { status: 'signed-out' };
    if (session.isError || household.isError) return { status: 'error' };
    if (!session.data || !household.data) return { status: 'loading' };
    const navigation = menuFor({ session: session.data, household: household.data, config, bindingPaymentComplete });
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
        isStaffOrBroker: session.data.kind === 'staff' || session.data.kind === 'broker',
        rootView: rootViewFor(session.data, household.data, location.pathname === SIGNED_OUT_PATH),
        memberState: policies[0]?.stateSource ?? null,
      },
    };
  }, [key, session.data, session.isError, household.data, household.isError, config, bindingPaymentComplete, location.pathname, search]);

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
  const noRoutes = viewer !== null && viewer.session.kind === 'member' && viewer.navigation.length === 0 && viewer.rootView === 'app';
  useEffect(() => {
    if (noRoutes) logClientEvent({ level: 'warn', event: 'navigation.empty', message: DIAGNOSTICS.noRoutes });
  }, [noRoutes]);

  return <ViewerContext value={state}>{children}</ViewerContext>;
}
