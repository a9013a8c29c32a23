import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocateAccountRequest } from '@portal/contracts';
import { DEFAULT_ROUTE } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { locateAccount } from '../../../data/guest/locate-account';
import { refreshSession } from '../../../lib/auth/auth';
import { useCredential } from '../../../lib/auth/credentials';
import { contractResolver, DateInput, PortalForm, RadioInput, TextInput, useCommand } from '../../../ui/form';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

/**
 * /payments/locate-account (public, SPEC §2/§6): a guest finds the account they want to pay with the
 * member ID from the ID card or a bill, the subscriber's date of birth and the home ZIP code (the
 * contract's schema checks the form, as the server does). Success keeps the short-lived guest token
 * for this tab and opens what the guest may see of that account.
 */
export function LocateAccountPage() {
  const { t } = useTranslation();
  // What went wrong with a locate-account call (SPEC §8: translated messages).
  const describeFailure = useProblemText(PROBLEMS.locateAccount);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const credential = useCredential();
  const resolver = useMemo(() => contractResolver((c) => c.LocateAccountRequestSchema), []);
  const form = useForm<LocateAccountRequest>({
    resolver,
    defaultValues: { identifierType: 'exchangeSubscriberId', identifier: '', dateOfBirth: '', zipCode: '' },
  });
  const locate = useCommand({ send: (request: LocateAccountRequest) => locateAccount(request), form });
  const identifierType = useWatch({ control: form.control, name: 'identifierType' });

  if (credential) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
        <Typography variant="h4" component="h1">
          {t('locate.heading')}
        </Typography>
        <Alert severity="info">{t('locate.alreadySignedIn')}</Alert>
        <Button component={RouterLink} to={DEFAULT_ROUTE} variant="contained">
          {t('home.goToAccount')}
        </Button>
      </Stack>
    );
  }

  const onSubmit = async (values: LocateAccountRequest) => {
    const answer = await locate.submit(values);
    if (!answer) return;
    queryClient.clear();
    // The answer set the guest session's cookie (docs/decisions/050): learn who it stands for, then go on.
    await refreshSession();
    void navigate(DEFAULT_ROUTE, { replace: true });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('locate.heading')}
      </Typography>
      <Typography>{t('locate.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="locate-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('locate.formTitle')}
        </Typography>
        <PortalForm
          form={form}
          onSubmit={onSubmit}
          error={locate.error}
          describeError={describeFailure}
          labelledBy="locate-form-title"
        >
          <Stack spacing={2.5}>
            <RadioInput
              name="identifierType"
              field="identifierType"
              row
              options={[
                { value: 'exchangeSubscriberId', label: t('locate.exchangeSubscriberId') },
                { value: 'policyNumber', label: t('locate.policyNumber') },
              ]}
            />
            <TextInput
              name="identifier"
              field={identifierType === 'policyNumber' ? 'policyNumber' : 'exchangeSubscriberId'}
              required
              help={t(
                identifierType === 'policyNumber'
                  ? 'locate.policyNumberHelp'
                  : 'locate.exchangeSubscriberIdHelp',
              )}
              autoComplete="off"
              maxLength={30}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 30 } }}
            />
            <DateInput
              name="dateOfBirth"
              field="dateOfBirth"
              required
              help={t('locate.dateOfBirthHelp')}
              autoComplete="bday"
            />
            <TextInput
              name="zipCode"
              field="zipCode"
              required
              help={t('locate.zipCodeHelp')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={10}
            />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={locate.pending}>
                {t('locate.submit')}
              </Button>
            </Box>
          </Stack>
        </PortalForm>
      </Paper>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('locate.privacy')}
      </Typography>
    </Stack>
  );
}

export default LocateAccountPage;
