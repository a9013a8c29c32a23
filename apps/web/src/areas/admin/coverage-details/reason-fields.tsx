import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRule } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { loose } from '../../../i18n/loose';
import { type Option } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

/** A reason as the options endpoints give it (packages/domain `ReasonOption`). */
export interface ReasonChoice {
  reason: string;
  unavailable: string | null;
  dateRule: DateRule;
  window: { earliest: string; latest: string } | null;
  noteRequired: boolean;
}

/**
 * The reasons as radio options: each with its name and what it means; one that does not apply to this
 * policy now is shown disabled with why (SPEC §5: reasons are restricted by conditions).
 */
export function useReasonOptions(kind: 'endReason' | 'dateReason') {
  const { t } = useTranslation();
  const lt = loose(t);
  return (reasons: readonly ReasonChoice[]): Option[] =>
    reasons.map((choice) => ({
      value: choice.reason,
      disabled: choice.unavailable !== null,
      label: (
        <Box component="span" sx={{ display: 'block', py: 0.5 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {lt(`serviceRequests.value.${kind}.${choice.reason}`)}
          </Box>
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
            {choice.unavailable
              ? lt(`policyCoverage.unavailable.${choice.unavailable}`)
              : lt(`policyCoverage.reasonHelp.${kind}.${choice.reason}`)}
          </Typography>
        </Box>
      ),
    }));
}

/** "The last day of a month, from November 30, 2026 to January 31, 2027." */
export function useDateHelp() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (choice: ReasonChoice | undefined): ReactNode => {
    if (!choice?.window) return t('policyCoverage.dateHelp.chooseReason');
    const range = {
      earliest: format.date(choice.window.earliest),
      latest: format.date(choice.window.latest),
    };
    if (choice.window.earliest === choice.window.latest)
      return t(`policyCoverage.dateHelp.only.${ruleKey(choice.dateRule)}`, { date: range.earliest });
    return t(`policyCoverage.dateHelp.range.${ruleKey(choice.dateRule)}`, range);
  };
}

const ruleKey = (rule: DateRule) =>
  rule === 'end-of-month' ? 'endOfMonth' : rule === 'first-of-month' ? 'firstOfMonth' : 'anyDay';

/** Refusals that are about the policy rather than a field: said above the form in the page's words. */
export function useCoverageError() {
  const { name } = useConfig().account.exchange;
  const say = useProblemText(PROBLEMS.coverage);
  return (error: unknown): ReactNode => say(error, { exchange: name });
}

/**
 * When none of the caller's reasons applies to this policy now, the page says why for each instead of
 * showing a form nothing could be sent from.
 */
export function NoReasonApplies({
  kind,
  reasons,
  intro,
}: {
  kind: 'endReason' | 'dateReason';
  reasons: readonly ReasonChoice[];
  intro: string;
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  return (
    <Alert severity="info">
      <Typography sx={{ mb: 1 }}>{intro}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {reasons.map((choice) => (
          <li key={choice.reason}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {lt(`serviceRequests.value.${kind}.${choice.reason}`)}
            </Typography>
            {': '}
            {lt(`policyCoverage.unavailable.${choice.unavailable ?? 'no-date-left'}`)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
