import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PolicyDetail } from '@portal/contracts';
import Alert from '../../kit/Alert';
import AlertTitle from '../../kit/AlertTitle';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Typography from '../../kit/Typography';
import { updatePortalState } from '../../lib/portal-state';
import { useSignedInViewer } from '../../lib/viewer';
import { useCoveredMonths } from '../../ui/covered-months';
import { useFormatters } from '../../ui/format';

type GracePeriod = NonNullable<NonNullable<PolicyDetail['finance']>['gracePeriod']>;

/**
 * DOMAIN "Grace period" at the top of a policy behind on its premiums: until when paying what is past
 * due keeps the coverage, how much and for which months, the day the coverage ends if it is not paid
 * (45 CFR 156.270 with APTC, the state's grace period otherwise), and the way to pay. A landmark with
 * its own heading, named with the policy's, so it is found by more than its colour.
 */
export function GracePeriodBanner({
  policy,
  grace,
  policyHeadingId,
}: {
  policy: PolicyDetail;
  grace: GracePeriod;
  policyHeadingId: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const coveredMonths = useCoveredMonths();
  const viewer = useSignedInViewer();
  const titleId = `policy-${policy.id}-grace`;
  const amount = format.money(grace.amountCents);
  const values = {
    amount,
    months: coveredMonths(grace.months),
    end: format.date(grace.endDate),
    coverageEnds: format.date(grace.coverageEndsOn),
  };
  return (
    <Alert
      severity="warning"
      role="region"
      aria-labelledby={`${titleId} ${policyHeadingId}`}
      // On a phone the words need the width more than the icon does (the heading says what it is).
      sx={{
        px: { xs: 1.5, sm: 2 },
        '& .kit-alert-message': { width: '100%' },
        '& .kit-alert-icon': { display: { xs: 'none', sm: 'flex' } },
      }}
    >
      <AlertTitle id={titleId} component="h3" sx={{ typography: 'h6', fontWeight: 600 }}>
        {t('overview.grace.heading')}
      </AlertTitle>
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {t('overview.grace.payBy', values)}
      </Typography>
      <Typography component="p" sx={{ mt: 0.5 }}>
        {t(grace.kind === 'aptc' ? 'overview.grace.endsAptc' : 'overview.grace.endsState', values)}
      </Typography>
      {viewer.session.actions.includes('make-payment') && (
        <Box sx={{ mt: 1.5 }}>
          <Button
            component={RouterLink}
            to="/payments/make-payment"
            variant="contained"
            onClick={() => {
              updatePortalState({ selectedPolicyId: policy.id });
            }}
          >
            {t('overview.grace.pay', { amount })}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
