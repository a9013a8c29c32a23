import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AutopayList, PolicySummary } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import type { SavedMethod } from './autopay-model';
import { AutopayTermsForm } from './autopay-terms-form';

/** Why autopay cannot be set up for the policy now, with the way forward; null when it can. */
function whyNotNow(
  t: TFunction,
  { binder, list, methods }: { binder: boolean; list: AutopayList; methods: readonly SavedMethod[] },
): ReactNode {
  if (binder) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/payments/binding-payment" color="inherit" size="small">
            {t('autopay.unavailable.binderLink')}
          </Button>
        }
      >
        {t('autopay.unavailable.binder')}
      </Alert>
    );
  }
  if (!list.canAddAutopay) {
    return (
      <Alert severity="info">{t('autopay.unavailable.limit', { maximum: list.maxAutopayAllowed })}</Alert>
    );
  }
  if (methods.length === 0 || methods.every((method) => method.expired)) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/payments/wallet" color="inherit" size="small">
            {t('autopay.unavailable.walletLink')}
          </Button>
        }
      >
        {methods.length === 0 ? t('autopay.unavailable.noMethod') : t('autopay.unavailable.allExpired')}
      </Alert>
    );
  }
  return null;
}

/**
 * Setting up autopay for the policy (SPEC §4 Autopay "create", §9 maxAutopayAllowed): a line on the
 * limit when one is active, a note for those who may only look, else a section with the terms form — or,
 * in its place, why not now (a binder policy, the limit, no saved method that can pay).
 */
export function AutopaySetUp({
  policy,
  list,
  hasActive,
  canManage,
  methods,
  invalidates,
  onDone,
}: {
  policy: PolicySummary;
  list: AutopayList;
  hasActive: boolean;
  canManage: boolean;
  methods: readonly SavedMethod[];
  invalidates: () => readonly (readonly unknown[])[];
  onDone: (answer: AutopayList) => void;
}) {
  const { t } = useTranslation();
  if (hasActive)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('autopay.unavailable.limit', { maximum: list.maxAutopayAllowed })}
      </Typography>
    );
  if (!canManage) return <Alert severity="info">{t('autopay.viewOnly')}</Alert>;
  const why = whyNotNow(t, { binder: policy.financeStatus === 'Binder', list, methods });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="autopay-setup-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id="autopay-setup-heading" variant="h5" component="h2">
          {t('autopay.setUp.heading')}
        </Typography>
        {why ?? (
          <>
            <Typography variant="body2">{t('autopay.setUp.intro')}</Typography>
            <AutopayTermsForm
              key={policy.id}
              target={{ kind: 'create', policyId: policy.id, methods }}
              policyNumber={policy.policyNumber}
              invalidates={invalidates}
              onDone={onDone}
              labelledBy="autopay-setup-heading"
              actions={(pending) => (
                <Box>
                  <Button type="submit" variant="contained" size="large" disabled={pending}>
                    {pending ? t('autopay.setUp.saving') : t('autopay.setUp.submit')}
                  </Button>
                </Box>
              )}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
