import { useTranslation } from 'react-i18next';
import type { PolicyDetail } from '@portal/contracts';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Facts, type Fact } from '../../ui/facts';
import { useFormatters } from '../../ui/format';
import { NewTabHint } from '../../ui/new-tab-hint';
import { loose } from '../../i18n/loose';

type Plan = NonNullable<PolicyDetail['plan']>;

/** yes/no values of benefits are words to translate; amounts and percentages are shown as they are. */
function benefitValue(t: (key: string) => string, value: string): string {
  const lower = value.trim().toLowerCase();
  if (lower === 'yes' || lower === 'no') return t(`common.${lower}`);
  return value;
}

/** SPEC §3 Plan: the benefit keys shown to members — plan name, SBC, out-of-pocket max, deductible, drugs covered. */
export function PlanSection({ plan, headingId }: { plan: Plan; headingId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const facts: Fact[] = [
    { label: t('overview.plan.type'), value: [plan.metalLevel ? loose(t)(`metalLevel.${plan.metalLevel}`, { defaultValue: plan.metalLevel }) : null, plan.planType].filter(Boolean).join(' · ') },
    { label: t('overview.plan.planId'), value: plan.planId },
    { label: t('overview.plan.deductible'), value: format.money(plan.deductibleCents) },
    { label: t('overview.plan.outOfPocketMax'), value: format.money(plan.outOfPocketMaxCents) },
    { label: t('overview.plan.drugsCovered'), value: benefitValue(loose(t), plan.drugsCovered) },
    ...plan.details.map((detail) => ({ label: loose(t)(detail.key, { defaultValue: detail.key }), value: benefitValue(loose(t), detail.value) })),
  ];
  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('overview.plan.heading')}
      </Typography>
      <Facts items={facts} />
      {plan.sbcUrl && (
        <Link href={plan.sbcUrl} target="_blank" rel="noopener noreferrer">
          {t('overview.plan.sbc')}
          <NewTabHint />
        </Link>
      )}
    </Stack>
  );
}
