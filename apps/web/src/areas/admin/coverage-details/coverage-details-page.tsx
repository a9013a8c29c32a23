import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CoverageDetails, CoverageSpan } from '@portal/contracts';
import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useCoverageDetails } from '../../../data/policy-coverage/get-policy-coverage';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { Facts, type Fact } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import { PolicySelector } from '../../../ui/policy-selector';
import { CoveragePageFrame, NoPolicy, useCoveragePolicy, useDateOrOpen } from './coverage-shared';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

/** SPEC §6: what the page says when the caller's roles hide a group of amounts (the server did not send them). */
function HiddenAmounts({ visible }: { visible: CoverageDetails['visibleAmounts'] }) {
  const { t } = useTranslation();
  if (visible.premium && visible.subsidies) return null;
  const key = !visible.premium && !visible.subsidies ? 'all' : !visible.premium ? 'premium' : 'subsidies';
  return <Alert severity="info">{t(`coverageDetails.hidden.${key}`)}</Alert>;
}

/** The month's amounts of a span, each under its own name (DOMAIN "Money"; overview's `premiumBreakdown` names). */
function useAmountFacts() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (span: CoverageSpan, market: CoverageDetails['marketCoverage'], offExchange: boolean): Fact[] => {
    const facts: Fact[] = [];
    if (span.premium) {
      facts.push({
        label: t('coverageDetails.amounts.premium'),
        value: format.money(span.premium.premiumCents),
      });
      if (span.premium.policyRateCents !== span.premium.premiumCents)
        facts.push({
          label: t('coverageDetails.amounts.policyRate'),
          value: format.money(span.premium.policyRateCents),
        });
    }
    const help = span.subsidies;
    // The tax credit and CSR belong to on-exchange individual coverage: said there (even at $0.00), and
    // elsewhere only when there is one.
    const exchangeIndividual = market === 'Individual' && !offExchange;
    if (help) {
      if (exchangeIndividual || help.taxCreditCents > 0)
        facts.push({
          label: t('coverageDetails.amounts.taxCredit'),
          value: format.money(help.taxCreditCents),
        });
      if (help.employerContributionCents > 0 || market === 'Group')
        facts.push({
          label: t('coverageDetails.amounts.employerContribution'),
          value: format.money(help.employerContributionCents),
        });
      if (help.otherSubsidyCents > 0)
        facts.push({
          label: t('coverageDetails.amounts.otherSubsidy'),
          value: format.money(help.otherSubsidyCents),
        });
      if (help.hraCents > 0)
        facts.push({ label: t('coverageDetails.amounts.hra'), value: format.money(help.hraCents) });
      facts.push({
        label: t('coverageDetails.amounts.memberShare'),
        value: format.money(help.memberShareCents),
      });
      if (exchangeIndividual || help.costSharingReductionCents > 0) {
        facts.push({
          label: t('coverageDetails.amounts.csr'),
          value: format.money(help.costSharingReductionCents),
          detail: t('coverageDetails.amounts.csrHelp'),
        });
      }
    }
    return facts;
  };
}

function SpanCard({ span, details }: { span: CoverageSpan; details: CoverageDetails }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const dateOrOpen = useDateOrOpen();
  const amountFacts = useAmountFacts();
  const headingId = `span-${span.id}`;
  const planFacts: Fact[] = [
    { label: t('coverageDetails.plan'), value: span.planName },
    ...(span.metalLevel
      ? [
          {
            label: t('coverageDetails.metalLevel'),
            value: lt(`metalLevel.${span.metalLevel}`, { defaultValue: span.metalLevel }),
          },
        ]
      : []),
    { label: t('coverageDetails.planType'), value: span.planType },
    { label: t('coverageDetails.planId'), value: span.planId },
    { label: t('coverageDetails.number'), value: span.groupOrPolicyNumber },
  ];
  const amounts = amountFacts(span, details.marketCoverage, details.offExchange);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 3 },
        listStyle: 'none',
        borderColor: span.current ? 'primary.main' : undefined,
        borderWidth: span.current ? 2 : 1,
      }}
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            sx={{ textDecoration: span.cancelled ? 'line-through' : 'none' }}
          >
            {t('coverageDetails.spanHeading', {
              start: dateOrOpen(span.startDate),
              end: dateOrOpen(span.endDate),
            })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {span.current && <Chip label={t('coverageDetails.current')} color="primary" size="small" />}
            {span.cancelled ? (
              <Chip label={t('coverageDetails.cancelled')} color="default" variant="outlined" size="small" />
            ) : (
              <Chip
                label={t(
                  `coverageDetails.status.${span.status === 'Effectuated' ? 'effectuated' : 'notEffectuated'}`,
                )}
                color={span.status === 'Effectuated' ? 'success' : 'default'}
                size="small"
                variant={span.status === 'Effectuated' ? 'filled' : 'outlined'}
                // A dark amber that keeps 4.5:1 on white (the theme's warning orange does not).
                sx={span.status === 'Effectuated' ? undefined : { color: '#7a4100', borderColor: '#7a4100' }}
              />
            )}
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {span.cancelled
            ? t('coverageDetails.cancelledHelp')
            : t(
                `coverageDetails.statusHelp.${span.status === 'Effectuated' ? 'effectuated' : 'notEffectuated'}`,
              )}
        </Typography>
        <Facts items={planFacts} />
        {amounts.length > 0 && (
          <Box component="section" aria-labelledby={`${headingId}-amounts`}>
            <Typography
              id={`${headingId}-amounts`}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {t('coverageDetails.amountsHeading')}
            </Typography>
            <Facts items={amounts} />
          </Box>
        )}
        <Box component="section" aria-labelledby={`${headingId}-members`}>
          <Typography
            id={`${headingId}-members`}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, mb: 1 }}
          >
            {t('coverageDetails.membersHeading')}
          </Typography>
          {span.members.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('coverageDetails.noMembers')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {span.members.map((member) => (
                <li key={`${member.memberId}-${member.startDate}`}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {member.firstName} {member.lastName}
                  </Typography>{' '}
                  <Typography component="span">
                    {t('coverageDetails.memberLine', {
                      relationship: lt(`relationship.${member.relationship}`, {
                        defaultValue: member.relationship,
                      }),
                      start: dateOrOpen(member.startDate),
                      end: dateOrOpen(member.endDate),
                    })}
                    {member.cancelled && !span.cancelled ? ` ${t('coverageDetails.memberCancelled')}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

/** Links to the changes the caller's role may ask for (each page says what the policy allows). */
function Changes() {
  const { t } = useTranslation();
  const { session } = useSignedInViewer();
  const links = [
    {
      action: 'change-plan',
      to: '/admin/policy-selection/change-plan',
      label: t('coverageDetails.changes.changePlan'),
      icon: <SwapHorizOutlined />,
    },
    {
      action: 'change-coverage-dates',
      to: '/admin/policy-selection/coverage-details/change-dates',
      label: t('coverageDetails.changes.changeDates'),
      icon: <EditCalendarOutlined />,
    },
    {
      action: 'end-coverage',
      to: '/admin/policy-selection/coverage-details/end-coverage',
      label: t('coverageDetails.changes.endCoverage'),
      icon: <EventBusyOutlined />,
    },
  ].filter((link) => session.actions.includes(link.action));
  if (links.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="coverage-changes-heading">
      <Typography id="coverage-changes-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('coverageDetails.changes.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {links.map((link) => (
          <Button key={link.to} component={RouterLink} to={link.to} variant="outlined" startIcon={link.icon}>
            {link.label}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * SPEC §2 /admin/policy-selection/coverage-details (SPEC §3 CoverageDetail, §6): the selected policy's
 * coverage spans, newest first — dates, plan, Effectuated / Not effectuated, cancelled spans marked, who
 * each covers — and the month's amounts the viewer's roles may see (role-config `coverageDetailAmounts`:
 * the server sends no other; the page says which are hidden). Links to ending coverage, changing its
 * dates and changing plan for roles that may ask for them.
 */
export default function CoverageDetailsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useCoveragePolicy();
  const details = useCoverageDetails(viewer.credentialKey, policy?.id ?? null);
  return (
    <CoveragePageFrame title={t('coverageDetails.heading')} intro={t('coverageDetails.intro')}>
      {!policy ? (
        <NoPolicy />
      ) : (
        <>
          <PolicySelector choices={choices} selected={policy} />
          {details.isPending && <LoadingNotice label={t('coverageDetails.loading')} />}
          {details.isError && !details.data && (
            <LoadFailedNotice
              message={t('coverageDetails.loadError')}
              retry={() => {
                void details.refetch();
              }}
            />
          )}
          {details.data && (
            <>
              <Changes />
              <HiddenAmounts visible={details.data.visibleAmounts} />
              {details.data.spans.length === 0 ? (
                <Typography>{t('coverageDetails.empty')}</Typography>
              ) : (
                <Stack
                  component="ul"
                  spacing={2}
                  sx={{ m: 0, p: 0 }}
                  aria-label={t('coverageDetails.listLabel')}
                >
                  {details.data.spans.map((span) => (
                    <SpanCard key={span.id} span={span} details={details.data} />
                  ))}
                </Stack>
              )}
            </>
          )}
        </>
      )}
    </CoveragePageFrame>
  );
}
