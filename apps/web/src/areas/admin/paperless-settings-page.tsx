import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaperlessSettings, UpdatePaperlessRequest, UpdatePaperlessResponse } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Paper from '../../kit/Paper';
import Skeleton from '../../kit/Skeleton';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { paperlessKey, paperlessQueryOptions } from '../../data/paperless/get-paperless';
import { updatePaperless } from '../../data/paperless/update-paperless';
import { notificationsKey } from '../../data/notification/get-notifications';
import { householdDocumentsKey } from '../../data/document/get-household-documents';
import { useSignedInViewer } from '../../lib/viewer';
import {
  CheckboxInput,
  contractResolver,
  PortalForm,
  RadioInput,
  TextInput,
  useCommand,
} from '../../ui/form';
import { useFormatters } from '../../ui/format';

const valuesOf = (settings: PaperlessSettings): UpdatePaperlessRequest => ({
  ...settings.delivery,
  email: settings.pending?.email ?? settings.email ?? '',
  taxFormsConsent: settings.delivery.taxForms === 'electronic',
});

/** The form, once the current settings are known (its defaults are them). */
function PaperlessForm({
  householdId,
  settings,
  canChange,
}: {
  householdId: string;
  settings: PaperlessSettings;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const hours = useConfig().account.documents.emailConfirmationHours;
  const resolver = useMemo(() => contractResolver((c) => c.UpdatePaperlessRequestSchema), []);
  const form = useForm<UpdatePaperlessRequest>({ resolver, defaultValues: valuesOf(settings) });
  const [done, setDone] = useState<UpdatePaperlessResponse | null>(null);
  const save = useCommand({
    send: (request: UpdatePaperlessRequest, key: string) => updatePaperless(householdId, request, key),
    invalidates: () => [
      paperlessKey(credentialKey, householdId),
      notificationsKey(credentialKey),
      householdDocumentsKey(credentialKey, householdId),
    ],
    form,
  });
  const taxForms = useWatch({ control: form.control, name: 'taxForms' });
  const options = [
    { value: 'paper', label: t('paperless.paper') },
    { value: 'electronic', label: t('paperless.electronic') },
  ];
  const onSubmit = async (values: UpdatePaperlessRequest) => {
    setDone(null);
    const answer = await save.submit({ ...values, email: values.email.trim() });
    if (answer) setDone(answer);
  };
  return (
    <PortalForm form={form} onSubmit={onSubmit} error={save.error} labelledBy="paperless-form-title">
      <Typography id="paperless-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('paperless.formTitle')}
      </Typography>
      <Stack spacing={2.5}>
        <RadioInput name="invoices" field="invoices" options={options} row disabled={!canChange} />
        <RadioInput name="notices" field="notices" options={options} row disabled={!canChange} />
        <RadioInput name="taxForms" field="taxForms" options={options} row disabled={!canChange} />
        {taxForms === 'electronic' && (
          <CheckboxInput
            name="taxFormsConsent"
            field="taxFormsConsent"
            label={t('paperless.consent')}
            disabled={!canChange}
          />
        )}
        <TextInput
          name="email"
          field="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          help={t('paperless.emailHelp')}
          disabled={!canChange}
        />
        {done && (
          <Alert severity="success" role="status">
            {done.status === 'saved'
              ? t('paperless.saved')
              : t('paperless.confirmationSent', { email: done.settings.pending?.email ?? '', hours })}
          </Alert>
        )}
        {canChange && (
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={save.pending}>
              {t('paperless.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </PortalForm>
  );
}

/**
 * SPEC §2 /admin/paperless-settings (DOMAIN "Paperless"): paper or electronic delivery for invoices,
 * notices and tax forms, and the e-mail address to use. Electronic delivery to a new address waits for
 * the link e-mailed to it; electronic-only tax forms need the member's consent. Only the member changes
 * it; staff and brokers see it.
 */
export default function PaperlessSettingsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const householdId = viewer.household.households[0]?.household.id ?? null;
  const settings = useQuery({
    ...paperlessQueryOptions(viewer.credentialKey, householdId ?? ''),
    enabled: householdId !== null,
    meta: { redirectOnError: false },
  });
  const canChange = viewer.session.kind === 'member' && viewer.actingFor === null;
  const failed = settings.isError && !settings.data;
  const current = settings.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('paperless.title')}
        </Typography>
        <Typography>{t('paperless.intro')}</Typography>
      </Box>
      {householdId === null ? (
        <Alert severity="info">{t('paperless.noHousehold')}</Alert>
      ) : failed ? (
        <Alert severity="warning">{t('paperless.unavailable')}</Alert>
      ) : !current ? (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={220} />
        </Box>
      ) : (
        <>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="paperless-current"
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography id="paperless-current" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('paperless.current')}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: 0.5,
                m: 0,
              }}
            >
              {(['invoices', 'notices', 'taxForms'] as const).map((kind) => (
                <Box key={kind} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {t(`fields.${kind}.label`)}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }} data-testid={`current-${kind}`}>
                    {current.delivery[kind] === 'electronic'
                      ? t('paperless.electronic')
                      : t('paperless.paper')}
                  </Box>
                </Box>
              ))}
            </Box>
            {current.email && (
              <Typography sx={{ mt: 1 }} data-testid="paperless-email">
                {current.emailConfirmed
                  ? t('paperless.confirmedEmail', { email: current.email })
                  : t('paperless.unconfirmedEmail', { email: current.email })}
              </Typography>
            )}
            {current.pending && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('paperless.pending', {
                  email: current.pending.email,
                  date: format.date(current.pending.expiresAt.slice(0, 10)),
                })}
              </Alert>
            )}
          </Paper>
          {!canChange && <Alert severity="info">{t('paperless.onlyMember')}</Alert>}
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <PaperlessForm
              key={JSON.stringify(current.delivery) + (current.email ?? '')}
              householdId={householdId}
              settings={current}
              canChange={canChange}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
