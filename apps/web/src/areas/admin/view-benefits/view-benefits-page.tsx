import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PlanBenefits, PolicyBenefits } from '@portal/contracts';
import { BENEFIT_GROUPS, benefitGroup, type BenefitGroup } from '@portal/domain';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { getSbcPdf, usePdf } from '../../../data/benefits/get-benefits-pdf';
import { usePolicyBenefits } from '../../../data/benefits/get-policy-benefits';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { useBenefitWords } from '../../../ui/benefit-cost';
import { Facts, type Fact } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import { NewTabHint } from '../../../ui/new-tab-hint';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { useLayout } from '../../../ui/use-layout';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

type BenefitLine = PlanBenefits['lines'][number];

const cellSx = {
  textAlign: 'left',
  px: 1.5,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  verticalAlign: 'top',
  typography: 'body2',
} as const;

/** The lines of the table, by group in the page's order (flags — referrals — are said as sentences instead). */
function grouped(lines: readonly BenefitLine[]): { group: BenefitGroup; lines: BenefitLine[] }[] {
  return BENEFIT_GROUPS.filter((group) => group !== 'rules')
    .map((group) => ({
      group,
      lines: lines.filter((line) => benefitGroup(line.key) === group && line.inNetwork.kind !== 'yesNo'),
    }))
    .filter((part) => part.lines.length > 0);
}

/**
 * What the member pays for each kind of care, in network beside out of network: a table with a row
 * group per kind of care where there is room, a list per kind of care on a phone.
 */
function CostComparison({ plan, headingId }: { plan: PlanBenefits; headingId: string }) {
  const { t } = useTranslation();
  const words = useBenefitWords();
  const { narrow } = useLayout();
  const groups = grouped(plan.lines);
  if (groups.length === 0) return null;
  if (narrow) {
    return (
      <Stack spacing={2}>
        {groups.map(({ group, lines }) => (
          <Box key={group} component="section" aria-label={t(`benefits.groups.${group}`)}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              {t(`benefits.groups.${group}`)}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              {lines.map((line) => (
                <Box key={line.key} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {words.name(line.key)}
                  </Box>
                  <Box component="dd" sx={{ m: 0, typography: 'body2' }}>
                    {t('benefits.inNetwork')}: {words.cost(line.inNetwork)}
                  </Box>
                  <Box component="dd" sx={{ m: 0, typography: 'body2', color: 'text.secondary' }}>
                    {t('benefits.outOfNetwork')}: {words.cost(line.outOfNetwork)}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Box component="table" aria-labelledby={headingId} sx={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {[t('benefits.care'), t('benefits.inNetwork'), t('benefits.outOfNetwork')].map((column, index) => (
            <Box
              component="th"
              scope="col"
              key={column}
              sx={{ ...cellSx, fontWeight: 600, color: 'text.secondary', width: index === 0 ? '36%' : '32%' }}
            >
              {column}
            </Box>
          ))}
        </tr>
      </thead>
      {groups.map(({ group, lines }) => (
        <tbody key={group}>
          <tr>
            <Box
              component="th"
              scope="rowgroup"
              colSpan={3}
              sx={{ ...cellSx, typography: 'subtitle2', fontWeight: 700, bgcolor: 'action.hover' }}
            >
              {t(`benefits.groups.${group}`)}
            </Box>
          </tr>
          {lines.map((line) => (
            <tr key={line.key}>
              <Box component="th" scope="row" sx={{ ...cellSx, fontWeight: 600 }}>
                {words.name(line.key)}
              </Box>
              <Box component="td" sx={cellSx}>
                {words.cost(line.inNetwork)}
              </Box>
              <Box component="td" sx={cellSx}>
                {words.cost(line.outOfNetwork)}
              </Box>
            </tr>
          ))}
        </tbody>
      ))}
    </Box>
  );
}

/** SPEC §3 benefit keys at a glance: deductible and out-of-pocket maximum, in network and out. */
function AtAGlance({ plan, headingId }: { plan: PlanBenefits; headingId: string }) {
  const { t } = useTranslation();
  const words = useBenefitWords();
  const rows = [
    { key: 'deductible', label: t('overview.plan.deductible'), value: plan.deductible },
    { key: 'outOfPocketMax', label: t('overview.plan.outOfPocketMax'), value: plan.outOfPocketMax },
  ];
  return (
    <Box component="table" aria-labelledby={headingId} sx={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <Box component="td" sx={{ ...cellSx, width: '36%' }} />
          {[t('benefits.inNetwork'), t('benefits.outOfNetwork')].map((column) => (
            <Box
              component="th"
              scope="col"
              key={column}
              sx={{ ...cellSx, fontWeight: 600, color: 'text.secondary', width: '32%' }}
            >
              {column}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <Box component="th" scope="row" sx={{ ...cellSx, fontWeight: 600 }}>
              {row.label}
            </Box>
            <Box component="td" sx={{ ...cellSx, typography: 'body1', fontWeight: 600 }}>
              {words.cost(row.value.inNetwork)}
            </Box>
            <Box component="td" sx={{ ...cellSx, typography: 'body1' }}>
              {words.cost(row.value.outOfNetwork)}
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** The Summary of Benefits and Coverage: the plan's published one, else the server's PDF (opened in a new tab). */
function SbcLink({ policyId, plan }: { policyId: string; plan: PlanBenefits }) {
  const { t, i18n } = useTranslation();
  const pdf = usePdf();
  if (plan.sbc.kind === 'external') {
    return (
      <Link
        href={plan.sbc.url}
        target="_blank"
        rel="noopener noreferrer"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 600,
          alignSelf: 'flex-start',
        }}
      >
        {t('benefits.sbc')}
        <OpenInNew fontSize="small" aria-hidden="true" />
        <NewTabHint />
      </Link>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlined aria-hidden="true" />}
        disabled={pdf.busy === plan.planId}
        onClick={() =>
          void pdf.run(
            plan.planId,
            () => getSbcPdf(policyId, plan.planId, i18n.language),
            'view',
            `sbc-${plan.planId}.pdf`,
          )
        }
      >
        {t('benefits.sbc')}
        <NewTabHint />
      </Button>
      {pdf.busy === plan.planId && (
        <Typography role="status" variant="body2">
          {t('benefits.sbcOpening')}
        </Typography>
      )}
      {pdf.failed === plan.planId && <Alert severity="error">{t('benefits.sbcFailed')}</Alert>}
    </Stack>
  );
}

/** How much of the deductible this year's claims have used — or, as the portal holds no claims, where to find it. */
function Spending({ plan, spending }: { plan: PlanBenefits; spending: PolicyBenefits['spending'] }) {
  const { t } = useTranslation();
  const { account } = useConfig();
  const words = useBenefitWords();
  const headingId = useId();
  const used = (cents: number, limit: PlanBenefits['deductible']) =>
    limit.inNetwork.kind === 'amount'
      ? t('benefits.spendingUsed', { used: words.money(cents), total: words.money(limit.inNetwork.cents) })
      : words.money(cents);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('benefits.spendingHeading')}
      </Typography>
      {spending ? (
        <Facts
          columns={2}
          items={[
            {
              label: t('overview.plan.deductible'),
              value: used(spending.deductibleUsedCents, plan.deductible),
            },
            {
              label: t('overview.plan.outOfPocketMax'),
              value: used(spending.outOfPocketUsedCents, plan.outOfPocketMax),
            },
          ]}
        />
      ) : (
        <Typography variant="body2">
          {t('benefits.spendingUnknown', { phone: account.tenant.supportPhone })}
        </Typography>
      )}
    </Box>
  );
}

function PlanSection({
  policyId,
  plan,
  spending,
}: {
  policyId: string;
  plan: PlanBenefits;
  spending: PolicyBenefits['spending'];
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const words = useBenefitWords();
  const headingId = useId();
  const glanceId = useId();
  const payId = useId();
  const when =
    plan.when === 'current'
      ? t('benefits.when.current')
      : plan.when === 'upcoming'
        ? t('benefits.when.upcoming', { date: format.date(plan.coverageStart) })
        : t('benefits.when.past', { date: format.date(plan.coverageEnd ?? plan.coverageStart) });
  const facts: Fact[] = [
    {
      label: t('overview.plan.type'),
      value: [
        plan.metalLevel ? lt(`metalLevel.${plan.metalLevel}`, { defaultValue: plan.metalLevel }) : null,
        plan.planType,
      ]
        .filter(Boolean)
        .join(' · '),
    },
    ...(plan.network ? [{ label: t('benefit.network'), value: plan.network }] : []),
    { label: t('overview.plan.drugsCovered'), value: words.cost(plan.drugsCovered) },
    { label: t('overview.plan.planId'), value: plan.planId },
  ];
  const referrals = plan.lines.find((line) => line.key === 'benefit.referralsRequired')?.inNetwork;
  const appliesToAll = plan.lines.find((line) => line.key === 'benefit.deductibleAppliesToAll')?.inNetwork;
  const notes = [
    ...(referrals?.kind === 'yesNo'
      ? [referrals.value ? t('benefits.referralsYes') : t('benefits.referralsNo')]
      : []),
    ...(appliesToAll?.kind === 'yesNo' && appliesToAll.value ? [t('benefits.deductibleAppliesToAll')] : []),
    ...(plan.lineOfCoverage === 'Medical' ? [t('benefits.emergencyNote')] : []),
  ];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 3 },
        borderColor: plan.when === 'current' ? 'primary.main' : undefined,
        borderWidth: plan.when === 'current' ? 2 : 1,
      }}
    >
      <Stack spacing={2.5}>
        <Stack spacing={1}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography id={headingId} variant="h5" component="h2">
              {plan.planName}
            </Typography>
            <Chip
              label={when}
              color={plan.when === 'current' ? 'primary' : 'default'}
              variant={plan.when === 'current' ? 'filled' : 'outlined'}
              size="small"
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('benefits.planYear', { year: plan.planYear })}
          </Typography>
        </Stack>
        <Facts items={facts} columns={4} />
        <Box component="section" aria-labelledby={glanceId}>
          <Typography id={glanceId} variant="h6" component="h3" sx={{ mb: 1 }}>
            {t('benefits.atAGlance')}
          </Typography>
          <AtAGlance plan={plan} headingId={glanceId} />
        </Box>
        {plan.when === 'current' && <Spending plan={plan} spending={spending} />}
        <SbcLink policyId={policyId} plan={plan} />
        {plan.lines.length > 0 && (
          <Box component="section" aria-labelledby={payId}>
            <Typography id={payId} variant="h6" component="h3">
              {t('benefits.whatYouPay')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('benefits.whatYouPayIntro')}
            </Typography>
            <CostComparison plan={plan} headingId={payId} />
          </Box>
        )}
        {notes.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {notes.map((note) => (
              <Typography component="li" key={note} variant="body2" sx={{ mb: 0.5 }}>
                {note}
              </Typography>
            ))}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/admin/policy-selection/view-benefits` (issue 12; SPEC §2, §3 Plan benefit keys): for the selected
 * policy (SPEC §4), each plan it is or will be covered by — the plan now and a renewal side by side —
 * with the deductible and out-of-pocket maximum in and out of network, drugs covered, the Summary of
 * Benefits and Coverage, and what each kind of care costs. Every amount in the reader's money format.
 */
export function ViewBenefitsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(viewer.policies, (candidate) => candidate.active);
  const benefits = usePolicyBenefits(viewer.credentialKey, policy?.id ?? null);
  const showIdCard = viewer.navigationRoutes.includes('/account-overview/id-card');
  return (
    <Stack spacing={3} sx={{ maxWidth: 1040 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('benefits.heading')}
        </Typography>
        <Typography>{t('benefits.intro')}</Typography>
      </Stack>
      {!policy ? (
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('benefits.noPolicies')}
        </Alert>
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <PolicySelector choices={choices} selected={policy} />
            {showIdCard && (
              <Button
                component={RouterLink}
                to="/account-overview/id-card"
                startIcon={<BadgeOutlined aria-hidden="true" />}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
              >
                {t('benefits.idCardLink')}
              </Button>
            )}
          </Stack>
          {benefits.isPending ? (
            <LoadingNotice label={t('benefits.loading')} />
          ) : benefits.isError ? (
            <LoadFailedNotice message={t('benefits.loadFailed')} retry={() => void benefits.refetch()} />
          ) : benefits.data.plans.length === 0 ? (
            <Alert severity="info">{t('benefits.noPlans')}</Alert>
          ) : (
            <Stack spacing={3}>
              {benefits.data.plans.length > 1 && <Typography>{t('benefits.comparePlans')}</Typography>}
              {benefits.data.plans.map((plan) => (
                <PlanSection
                  key={plan.planId}
                  policyId={benefits.data.policyId}
                  plan={plan}
                  spending={benefits.data.spending}
                />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

export default ViewBenefitsPage;
