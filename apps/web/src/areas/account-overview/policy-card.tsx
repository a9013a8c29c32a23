import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PolicyDetail } from '@portal/contracts';
import { displayedPolicyId } from '@portal/domain';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Chip from '../../kit/Chip';
import Divider from '../../kit/Divider';
import Paper from '../../kit/Paper';
import Skeleton from '../../kit/Skeleton';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { policyQueryOptions } from '../../data/policy/get-policy';
import { logClientEvent } from '../../lib/client-log';
import type { Viewer } from '../../lib/viewer';
import { Facts, type Fact } from '../../ui/facts';
import { useFormatters, type Formatters } from '../../ui/format';
import { useCoveredMonths } from '../../ui/covered-months';
import { FinanceSection } from './finance-section';
import { GracePeriodBanner } from './grace-period-banner';
import { MembersList } from './members-list';
import type { OverviewPolicy } from './overview-model';
import { PlanSection } from './plan-section';
import { loose } from '../../i18n/loose';

const span = (
  t: (key: string, params?: Record<string, unknown>) => string,
  format: Formatters,
  start: string,
  end: string | null,
) =>
  t('overview.dateRange', { start: format.date(start), end: end ? format.date(end) : t('overview.ongoing') });

/**
 * SPEC §3 reinstatement eligibility: whether and by when a terminated policy can be restored, and what
 * the amount pays for — the months past due (the finance's, one ledger) and each month since the coverage
 * ended — so it can be told apart from the amount due.
 */
function Reinstatement({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const coveredMonths = useCoveredMonths();
  const { account } = useConfig();
  const eligibility = policy.reinstatementEligibility;
  if (!eligibility || eligibility.reinstatementStatus === 'NotEligible') return null;
  const params = {
    amount: format.money(eligibility.amountDueCents),
    date: eligibility.expirationDate ? format.date(eligibility.expirationDate) : t('overview.none'),
    phone: account.tenant.supportPhone,
  };
  const pastDue = new Set(policy.finance?.pastDueMonths ?? []);
  const pastDueCount = eligibility.months.filter((month) => pastDue.has(month)).length;
  const sinceCount = eligibility.months.length - pastDueCount;
  const parts = [
    ...(pastDueCount > 0 ? [t('overview.reinstatement.monthsPastDue', { count: pastDueCount })] : []),
    ...(sinceCount > 0 ? [t('overview.reinstatement.monthsSinceEnded', { count: sinceCount })] : []),
  ];
  return (
    <Alert severity="info" role="note">
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {t('overview.reinstatement.heading')}
      </Typography>
      <Typography component="p">
        {t(
          eligibility.reinstatementStatus === 'Eligible'
            ? 'overview.reinstatement.eligible'
            : 'overview.reinstatement.manual',
          params,
        )}
      </Typography>
      {eligibility.months.length > 0 && (
        <Typography component="p" sx={{ mt: 0.5 }}>
          {t('overview.reinstatement.covers', {
            amount: params.amount,
            months: coveredMonths(eligibility.months),
            parts: format.list(parts),
          })}
        </Typography>
      )}
    </Alert>
  );
}

function Broker({ broker, headingId }: { broker: NonNullable<PolicyDetail['broker']>; headingId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('overview.broker.heading')}
      </Typography>
      <Typography>
        {broker.firstName} {broker.lastName}
        {broker.agencyName ? `, ${broker.agencyName}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('overview.broker.npn', { npn: broker.npn })}
        {broker.phone ? ` · ${broker.phone}` : ''}
      </Typography>
    </Box>
  );
}

function PolicyDetails({
  policy,
  entry,
  guest,
  today,
}: {
  policy: PolicyDetail;
  entry: OverviewPolicy;
  guest: boolean;
  today: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account } = useConfig();
  const shownId = displayedPolicyId(
    { exchangeId: policy.exchangeSubscriberId, issuerId: policy.issuerSubscriberId },
    account.policyDisplayID,
  );
  const base = `policy-${policy.id}`;
  const facts: Fact[] = [
    { label: t('overview.policyNumber'), value: policy.policyNumber },
    ...(shownId.id
      ? [
          {
            label: t(shownId.idType === 'IssuerId' ? 'nav.issuerIdLabel' : 'nav.exchangeIdLabel'),
            value: shownId.id,
          },
        ]
      : []),
    {
      label: t('overview.policyHolder'),
      value: `${policy.policyHolder.firstName} ${policy.policyHolder.lastName}`,
    },
    {
      label: t('overview.coveragePeriod'),
      value: policy.span
        ? span(loose(t), format, policy.span.startDate, policy.span.endDate)
        : t('overview.none'),
    },
    ...(policy.group
      ? [{ label: t('overview.employer'), value: `${policy.group.name} (${policy.group.groupNumber})` }]
      : []),
  ];
  const grace = policy.active ? (policy.finance?.gracePeriod ?? null) : null;
  return (
    <Stack spacing={3}>
      {grace && <GracePeriodBanner policy={policy} grace={grace} policyHeadingId={`${base}-heading`} />}
      <Facts items={facts} />
      <Reinstatement policy={policy} />
      {policy.finance && (
        <>
          <Divider />
          <FinanceSection
            policy={policy}
            finance={policy.finance}
            headingId={`${base}-finance`}
            today={today}
          />
        </>
      )}
      {policy.plan && (
        <>
          <Divider />
          <PlanSection plan={policy.plan} headingId={`${base}-plan`} />
        </>
      )}
      {entry.upcoming.length > 0 && (
        <Alert severity="info" role="note">
          {entry.upcoming.map((next) => (
            <Typography key={next.spanId ?? next.id} component="p">
              {t('overview.upcoming', {
                plan: next.planName ?? t('overview.none'),
                date: next.span ? format.date(next.span.startDate) : t('overview.none'),
              })}
            </Typography>
          ))}
        </Alert>
      )}
      {!guest && policy.members.length > 0 && (
        <>
          <Divider />
          <MembersList members={policy.members} headingId={`${base}-members`} />
        </>
      )}
      {!guest && policy.broker && (
        <>
          <Divider />
          <Broker broker={policy.broker} headingId={`${base}-broker`} />
        </>
      )}
    </Stack>
  );
}

/** Market, exchange and status at a glance (SPEC §3: individual or group market, on or off exchange). */
function PolicyChips({ entry }: { entry: OverviewPolicy }) {
  const { t } = useTranslation();
  const { summary } = entry;
  const chips = [
    t(`lineOfCoverage.${summary.lineOfCoverage}`),
    t(`market.${summary.marketCoverage}`),
    ...(summary.marketCoverage === 'Individual'
      ? [t(summary.offExchange ? 'overview.offExchange' : 'overview.onExchange')]
      : []),
  ];
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {chips.map((label) => (
        <Chip key={label} size="small" label={label} />
      ))}
      <Chip
        size="small"
        variant="outlined"
        label={t(summary.displayStatus, { defaultValue: summary.enrollmentStatus })}
        sx={{ fontWeight: 600, color: 'primary.dark', borderColor: 'primary.dark' }}
      />
    </Stack>
  );
}

/**
 * One policy of the overview: plan, coverage span, finance, reinstatement, members and broker. SPEC §8:
 * a policy that cannot be loaded is logged and said so in place; the rest of the page still works.
 */
export function PolicyCard({
  viewer,
  entry,
  guest,
}: {
  viewer: Viewer;
  entry: OverviewPolicy;
  guest: boolean;
}) {
  const { t } = useTranslation();
  const { summary } = entry;
  const detail = useQuery({
    ...policyQueryOptions(viewer.credentialKey, summary.id),
    meta: { redirectOnError: false },
  });
  const failed = detail.isError && !detail.data;
  useEffect(() => {
    if (failed)
      logClientEvent({
        level: 'warn',
        event: 'overview.policy-failed',
        message: 'policy summary could not be loaded',
      });
  }, [failed]);
  const headingId = `policy-${summary.id}-heading`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="policy-card"
    >
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Typography id={headingId} variant="h5" component="h2">
          {summary.planName ?? t(`lineOfCoverage.${summary.lineOfCoverage}`)}
        </Typography>
        <PolicyChips entry={entry} />
      </Stack>
      {detail.data ? (
        <PolicyDetails policy={detail.data} entry={entry} guest={guest} today={viewer.household.today} />
      ) : failed ? (
        <Alert severity="warning">{t('overview.policyUnavailable')}</Alert>
      ) : (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="rectangular" height={96} sx={{ mt: 1 }} />
        </Box>
      )}
    </Paper>
  );
}
