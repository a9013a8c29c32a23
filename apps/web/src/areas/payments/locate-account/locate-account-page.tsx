import { useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LocateAccountRequestSchema, ProblemType, type LocateAccountRequest } from '@portal/contracts';
import { DEFAULT_ROUTE } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocateAccount } from '../../../data/guest/locate-account';
import { isApiError } from '../../../lib/api';
import { startPortalSession } from '../../../lib/auth/auth';
import { useCredential } from '../../../lib/auth/credentials';
import { FormInvalidAlert } from '../../../ui/form-invalid-alert';
import { translateFieldError, zodFieldResolver } from '../../../ui/form-errors';

const FIELDS = ['identifierType', 'identifier', 'dateOfBirth', 'zipCode'] as const;

/** The translation key of what went wrong with a locate-account call (SPEC §8: translated messages). */
function failureKey(error: unknown): string {
  if (!isApiError(error)) return 'locate.errors.unavailable';
  if (error.type === ProblemType.accountNotFound || error.status === 404) return 'locate.errors.notFound';
  if (error.type === ProblemType.rateLimited || error.status === 429) return 'locate.errors.rateLimited';
  if (error.status === 400) return 'locate.errors.invalid';
  return 'locate.errors.unavailable';
}

/**
 * /payments/locate-account (public, SPEC §2/§6): a guest finds the account they want to pay with the
 * member ID from the ID card or a bill, the subscriber's date of birth and the home ZIP code (the
 * contract's schema checks the form, as the server does). Success keeps the short-lived guest token
 * for this tab and opens what the guest may see of that account.
 */
export function LocateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const credential = useCredential();
  const formRef = useRef<HTMLFormElement>(null);
  const resolver = useMemo(() => zodFieldResolver(LocateAccountRequestSchema), []);
  const form = useForm<LocateAccountRequest>({
    resolver,
    defaultValues: { identifierType: 'exchangeSubscriberId', identifier: '', dateOfBirth: '', zipCode: '' },
  });
  const locate = useLocateAccount();
  const identifierType = useWatch({ control: form.control, name: 'identifierType' });
  const labels = useMemo(
    () => ({
      identifierType: t('locate.identifierType'),
      identifier: t(identifierType === 'policyNumber' ? 'locate.policyNumber' : 'locate.exchangeSubscriberId'),
      dateOfBirth: t('locate.dateOfBirth'),
      zipCode: t('locate.zipCode'),
    }),
    [t, identifierType],
  );
  const errors = form.formState.errors;
  const fieldError = (name: (typeof FIELDS)[number]) => translateFieldError(t, errors[name], labels[name]);

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

  const onSubmit = form.handleSubmit((values) => {
    locate.mutate(values, {
      onSuccess: (answer) => {
        queryClient.clear();
        startPortalSession('guest', answer.token, answer.expiresAt);
        void navigate(DEFAULT_ROUTE, { replace: true });
      },
    });
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('locate.heading')}
      </Typography>
      <Typography>{t('locate.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="locate-form-title">
          <Typography id="locate-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('locate.formTitle')}
          </Typography>
          <FormInvalidAlert formRef={formRef} fields={FIELDS} errors={errors} submitCount={form.formState.submitCount} labels={labels} />
          {locate.isError && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {t(failureKey(locate.error))}
            </Alert>
          )}
          <Stack spacing={2.5}>
            <FormControl component="fieldset">
              <FormLabel component="legend">{labels.identifierType}</FormLabel>
              <Controller
                control={form.control}
                name="identifierType"
                render={({ field }) => (
                  <RadioGroup {...field} row>
                    <FormControlLabel value="exchangeSubscriberId" control={<Radio />} label={t('locate.exchangeSubscriberId')} />
                    <FormControlLabel value="policyNumber" control={<Radio />} label={t('locate.policyNumber')} />
                  </RadioGroup>
                )}
              />
            </FormControl>
            <TextField
              {...form.register('identifier')}
              label={labels.identifier}
              required
              error={!!errors.identifier}
              helperText={fieldError('identifier') ?? t(identifierType === 'policyNumber' ? 'locate.policyNumberHelp' : 'locate.exchangeSubscriberIdHelp')}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 30 } }}
            />
            <TextField
              {...form.register('dateOfBirth')}
              type="date"
              label={labels.dateOfBirth}
              required
              error={!!errors.dateOfBirth}
              helperText={fieldError('dateOfBirth') ?? t('locate.dateOfBirthHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'bday', max: '9999-12-31' } }}
            />
            <TextField
              {...form.register('zipCode')}
              label={labels.zipCode}
              required
              error={!!errors.zipCode}
              helperText={fieldError('zipCode') ?? t('locate.zipCodeHelp')}
              slotProps={{ htmlInput: { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 } }}
            />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={locate.isPending}>
                {t('locate.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('locate.privacy')}
      </Typography>
    </Stack>
  );
}

export default LocateAccountPage;
