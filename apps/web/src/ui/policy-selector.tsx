import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicySummary } from '@portal/contracts';
import MenuItem from '../kit/MenuItem';
import TextField from '../kit/TextField';
import Typography from '../kit/Typography';
import { updatePortalState, usePortalState } from '../lib/portal-state';
import { loose } from '../i18n/loose';

/** Each policy once (an extra future span is listed by SPEC §4 as its own entry, with the same id). */
const distinct = (policies: readonly PolicySummary[]) =>
  policies.filter((policy, index) => policies.findIndex((other) => other.id === policy.id) === index);

/**
 * SPEC §4: the selected policy is kept in state across pages. Of `policies` (already limited to the
 * ones the page can act on), the one selected before, else the first `preferred` one, else the first.
 */
export function useSelectedPolicy(
  policies: readonly PolicySummary[],
  preferred: (policy: PolicySummary) => boolean = () => true,
): { policy: PolicySummary | null; choices: PolicySummary[] } {
  const { selectedPolicyId } = usePortalState();
  const choices = useMemo(() => distinct(policies), [policies]);
  const policy =
    choices.find((candidate) => candidate.id === selectedPolicyId) ??
    choices.find(preferred) ??
    choices[0] ??
    null;
  return { policy, choices };
}

/** "Medical · Silver HMO (LHP-1000001-01)": how a policy is named in a list. */
export function usePolicyLabel() {
  const { t } = useTranslation();
  return (policy: PolicySummary) =>
    t('policySelector.option', {
      line: loose(t)(`lineOfCoverage.${policy.lineOfCoverage}`, { defaultValue: policy.lineOfCoverage }),
      plan: policy.planName ?? t('overview.none'),
      number: policy.policyNumber,
    });
}

/** Chooses the policy a page acts on, when there is more than one (SPEC §4 policy selection). */
export function PolicySelector({
  choices,
  selected,
}: {
  choices: readonly PolicySummary[];
  selected: PolicySummary | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = usePolicyLabel();
  if (choices.length === 0 || !selected) return null;
  if (choices.length === 1) {
    return (
      <Typography id={id} sx={{ fontWeight: 500 }}>
        {label(selected)}
      </Typography>
    );
  }
  return (
    <TextField
      select
      label={t('policySelector.label')}
      value={selected.id}
      onChange={(event) => {
        updatePortalState({ selectedPolicyId: event.target.value });
      }}
      // A long plan name is cut with an ellipsis inside the field instead of widening the page on a phone
      // (the Portuguese end-coverage page scrolled sideways by 9 px at 375 px, WCAG 1.4.10). The minimum
      // width is never more than the column either: min-width wins over max-width in CSS, and the Spanish
      // change-dates page once scrolled by the same 9 px (24 + 360 - 375) with the field at 360 px.
      sx={{ minWidth: { sm: 'min(360px, 100%)' }, maxWidth: '100%' }}
    >
      {choices.map((policy) => (
        <MenuItem key={policy.id} value={policy.id}>
          {label(policy)}
        </MenuItem>
      ))}
    </TextField>
  );
}
