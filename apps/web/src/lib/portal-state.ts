import { useSyncExternalStore } from 'react';
import { sessionIdType, type SessionIdType } from '@portal/domain';
import { readItem, readJson, STORAGE_KEYS, writeItem } from './auth/session-storage';

/**
 * The small UI state shared across pages (ARCHITECTURE "Web inside": one small store): the member a
 * staff user or broker is looking at (SPEC §2 member search, kept as SPEC §3 session data idType + id
 * in session storage), the binding-payment flag of SPEC §4 menu pruning and the selected policy (session
 * storage too: a reload or a link opened in the tab keeps it).
 */
export interface PortalState {
  /**
   * The member staff look at, or null: an exchange subscriber ID searched with the header's member
   * search, or a household or policy opened from the find-a-member page (issue 13), with the words the
   * banner names it by (`label`: the exchange ID, else the policy number).
   */
  actingFor: ActingFor | null;
  /** SPEC §4: a successful binder payment removes the binding-payment menu entries. */
  bindingPaymentComplete: boolean;
  /** SPEC §4 "policy selection … kept in state": the policy the pages that act on one policy show. */
  selectedPolicyId: string | null;
}

/** How the member being looked at was named: SPEC §3 session data idType, or a household or policy (issue 13). */
export type ActingForType = SessionIdType | 'Household' | 'Policy';
export interface ActingFor {
  idType: ActingForType;
  id: string;
  label?: string;
}

const actingForType = (value: unknown): ActingForType =>
  value === 'Household' || value === 'Policy'
    ? value
    : sessionIdType(typeof value === 'string' ? value : null);

function restore(): PortalState {
  const stored = readJson(STORAGE_KEYS.session) as { idType?: unknown; id?: unknown; label?: unknown } | null;
  const actingFor: ActingFor | null =
    stored && typeof stored.id === 'string' && stored.id.trim() !== ''
      ? {
          idType: actingForType(stored.idType),
          id: stored.id,
          ...(typeof stored.label === 'string' ? { label: stored.label } : {}),
        }
      : null;
  return {
    actingFor,
    bindingPaymentComplete: false,
    selectedPolicyId: readItem(STORAGE_KEYS.selectedPolicy),
  };
}

let state: PortalState = restore();
const listeners = new Set<() => void>();

export function getPortalState(): PortalState {
  return state;
}

export function updatePortalState(change: Partial<PortalState>): void {
  state = { ...state, ...change };
  if ('actingFor' in change)
    writeItem(STORAGE_KEYS.session, change.actingFor ? JSON.stringify(change.actingFor) : null);
  if ('selectedPolicyId' in change) writeItem(STORAGE_KEYS.selectedPolicy, change.selectedPolicyId ?? null);
  for (const listener of listeners) listener();
}

/** Back to a clean slate (sign-out). */
export function resetPortalState(): void {
  updatePortalState({ actingFor: null, bindingPaymentComplete: false, selectedPolicyId: null });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePortalState(): PortalState {
  return useSyncExternalStore(subscribe, getPortalState, getPortalState);
}
