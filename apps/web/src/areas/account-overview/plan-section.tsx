import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PolicyDetail } from '@portal/contracts';
import { ID_CARD_COST_KEYS, legacyBenefitCost, NETWORK_KEY } from '@portal/domain';
import Link from '../../kit/Link';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useViewer } from '../../lib/viewer';
import { Facts, type Fact } from '../../ui/facts';
import { NewTabHint } from '../../ui/new-tab-hint';
import { useBenefitWords } from '../../ui/benefit-cost';
import { loose } from '../../i18n/loose';

type Plan = NonNullable<PolicyDetail['plan']>;

/**
 * SPEC §3 Plan: the benefit keys shown to members — plan name, SBC, out-of-pocket max, deductible, drugs
 * covered — and the copays members ask about most; the rest is on the benefits page. Every amount is
 * formatted with Intl in the reader's language (issue 12: no "$30" left in Portuguese).
 */
export function PlanSection({ plan, headingId }: { plan: Plan; headingId: string }) {
  const { t } = useTranslation();
  const words = useBenefitWords();
  const routes = useViewer()?.navigationRoutes ?? [];
  const network = plan.details.find((line) => line.key === NETWORK_KEY)?.inNetwork;
  const keyCosts = ID_CARD_COST_KEYS[plan.lineOfCoverage].flatMap((key) =>
    plan.details.filter((line) => line.key === key),
  );
  const facts: Fact[] = [
    {
      label: t('overview.plan.type'),
      value: [
        plan.metalLevel ? loose(t)(`metalLevel.${plan.metalLevel}`, { defaultValue: plan.metalLevel }) : null,
        plan.planType,
      ]
        .filter(Boolean)
        .join(' · '),
    },
    { label: t('overview.plan.planId'), value: plan.planId },
    ...(network?.kind === 'text' ? [{ label: t('benefit.network'), value: network.text }] : []),
    { label: t('overview.plan.deductible'), value: words.money(plan.deductibleCents) },
    { label: t('overview.plan.outOfPocketMax'), value: words.money(plan.outOfPocketMaxCents) },
    {
      label: t('overview.plan.drugsCovered'),
      value: words.cost(legacyBenefitCost('benefit.drugsCovered', plan.drugsCovered)),
    },
    ...keyCosts.map((line) => ({ label: words.name(line.key), value: words.cost(line.inNetwork) })),
  ];
  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('overview.plan.heading')}
      </Typography>
      <Facts items={facts} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {routes.includes('/admin/policy-selection/view-benefits') && (
          <Link component={RouterLink} to="/admin/policy-selection/view-benefits" sx={{ fontWeight: 600 }}>
            {t('benefits.heading')}
          </Link>
        )}
        {routes.includes('/account-overview/id-card') && (
          <Link component={RouterLink} to="/account-overview/id-card" sx={{ fontWeight: 600 }}>
            {t('idCard.fromOverview')}
          </Link>
        )}
        {plan.sbcUrl && (
          <Link href={plan.sbcUrl} target="_blank" rel="noopener noreferrer">
            {t('overview.plan.sbc')}
            <NewTabHint />
          </Link>
        )}
      </Stack>
    </Stack>
  );
}
