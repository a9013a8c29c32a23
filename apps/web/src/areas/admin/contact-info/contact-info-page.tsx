import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactInformation, UpdateContactRequest, UpdateContactResponse } from '@portal/contracts';
import { samePhone } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import {
  contactKey,
  updateContactInformation,
  useContactInformation,
} from '../../../data/contact/contact-information';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { contractResolver, PortalForm, RadioInput, TextInput, useCommand } from '../../../ui/form';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { conflictCurrent, PROBLEMS, useProblemText } from '../../../ui/problems';

const valuesOf = (contact: ContactInformation, policyId: string | undefined): UpdateContactRequest => ({
  ...(policyId ? { policyId } : {}),
  email: contact.email ?? '',
  homePhone: contact.homePhone ?? '',
  mobilePhone: contact.mobilePhone ?? '',
  preferredContactMethod: contact.preferredContactMethod,
  version: contact.version,
});

type Labelled = 'email' | 'homePhone' | 'mobilePhone' | 'preferredContactMethod';
const FIELDS: readonly Labelled[] = ['homePhone', 'mobilePhone', 'email', 'preferredContactMethod'];

/** The form, once the details on file are known (its defaults are them; it keeps what was typed through refusals). */
function ContactForm({
  householdId,
  policyId,
  contact,
}: {
  householdId: string;
  policyId: string | undefined;
  contact: ContactInformation;
}) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const resolver = useMemo(() => contractResolver((c) => c.UpdateContactRequestSchema), []);
  const form = useForm<UpdateContactRequest>({ resolver, defaultValues: valuesOf(contact, policyId) });
  // What the page last read: a conflict replaces it (with the version to send next), a save too.
  const [read, setRead] = useState(contact);
  const [done, setDone] = useState<UpdateContactResponse | null>(null);
  // What a conflict found changed (said with the refusal).
  const [changes, setChanges] = useState('');
  const save = useCommand({
    send: (request: UpdateContactRequest, key: string) => updateContactInformation(householdId, request, key),
    invalidates: () => [contactKey(credentialKey, householdId), serviceRequestsKey(credentialKey)],
    form,
  });
  const shown = (field: Labelled, value: ContactInformation) =>
    field === 'preferredContactMethod'
      ? t(`contactInfo.method.${value.preferredContactMethod}`)
      : (value[field] ?? t('contactInfo.none'));
  const onSubmit = async (values: UpdateContactRequest) => {
    setDone(null);
    const outcome = await save.attempt({
      ...values,
      ...(policyId ? { policyId } : {}),
      version: read.version,
    });
    if (outcome.ok) {
      setDone(outcome.result);
      setRead(outcome.result.contact);
      form.reset(valuesOf(outcome.result.contact, policyId));
      return;
    }
    const current = conflictCurrent(outcome.error) as ContactInformation | undefined;
    if (!current) return;
    const changed = FIELDS.filter((field) =>
      field.endsWith('Phone') ? !samePhone(read[field], current[field]) : read[field] !== current[field],
    );
    setChanges(
      (changed.length > 0 ? changed : FIELDS)
        .map((field) => `${t(`fields.${field}.label`)}: ${shown(field, current)}`)
        .join('; '),
    );
    setRead(current);
  };
  const say = useProblemText(PROBLEMS.contactInfo);
  const describeError = (error: unknown) => say(error, { changes });
  const methods = (['email', 'phone', 'mail'] as const).map((value) => ({
    value,
    label: t(`contactInfo.method.${value}`),
  }));
  return (
    <PortalForm
      form={form}
      onSubmit={onSubmit}
      error={save.error}
      describeError={describeError}
      labelledBy="contact-form-title"
    >
      <Typography id="contact-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('contactInfo.formTitle')}
      </Typography>
      <Stack spacing={2.5}>
        <TextInput
          name="homePhone"
          field="homePhone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={25}
          help={t('contactInfo.phoneHelp')}
        />
        <TextInput
          name="mobilePhone"
          field="mobilePhone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={25}
          help={t('contactInfo.phoneHelp')}
        />
        <TextInput
          name="email"
          field="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          help={t('contactInfo.emailHelp')}
        />
        <RadioInput
          name="preferredContactMethod"
          field="preferredContactMethod"
          label={t('contactInfo.preferredLegend')}
          options={methods}
        />
        {done && (
          <Alert severity="success" role="status" data-testid="contact-saved">
            {t(done.phoneChanged ? 'contactInfo.savedPhone' : 'contactInfo.saved', {
              reference: done.request.referenceNumber,
            })}{' '}
            <Link component={RouterLink} to="/admin/policy-selection/service-requests">
              {t('contactInfo.historyLink')}
            </Link>
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={save.pending}>
            {t('contactInfo.save')}
          </Button>
        </Box>
      </Stack>
    </PortalForm>
  );
}

/** What is on file, as a description list. */
function CurrentContact({ contact }: { contact: ContactInformation }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('fields.homePhone.label'), contact.homePhone ?? t('contactInfo.none')],
    [t('fields.mobilePhone.label'), contact.mobilePhone ?? t('contactInfo.none')],
    [t('fields.email.label'), contact.email ?? t('contactInfo.none')],
    [t('fields.preferredContactMethod.label'), t(`contactInfo.method.${contact.preferredContactMethod}`)],
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="contact-current"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="contact-current" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('contactInfo.current')}
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
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography sx={{ mt: 1.5 }} color="text.secondary">
        {t('contactInfo.appliesToHousehold')}
      </Typography>
    </Paper>
  );
}

/**
 * SPEC §2 /admin/policy-selection/contact-info (issue 11): the household's phone numbers, e-mail and
 * preferred contact method, changed at once (a `contact` request); a new phone number is also sent to the
 * issuer's contact-number mailbox by the server. A change made elsewhere meanwhile is said, with what it
 * is now, and what was typed stays.
 */
export default function ContactInfoPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(
    viewer.policies,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  const household =
    viewer.household.households.find((entry) =>
      entry.policies.some((summary) => summary.id === policy?.id),
    ) ?? viewer.household.households[0];
  const householdId = household?.household.id ?? null;
  const contact = useContactInformation(viewer.credentialKey, householdId);
  const canChange = viewer.session.actions.includes('update-contact');
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('contactInfo.title')}
        </Typography>
        <Typography>{t('contactInfo.intro')}</Typography>
      </Box>
      <PolicySelector choices={choices} selected={policy} />
      {householdId === null ? (
        <Alert severity="info">{t('contactInfo.noHousehold')}</Alert>
      ) : contact.isError && !contact.data ? (
        <Alert severity="warning">{t('contactInfo.unavailable')}</Alert>
      ) : !contact.data ? (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={260} />
        </Box>
      ) : (
        <>
          <CurrentContact contact={contact.data} />
          {canChange && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <ContactForm
                key={`${householdId}:${policy?.id ?? ''}`}
                householdId={householdId}
                policyId={policy?.id}
                contact={contact.data}
              />
            </Paper>
          )}
          <Typography>
            {t('contactInfo.otherDetails')}{' '}
            <Link component={RouterLink} to="/admin/demographics">
              {t('contactInfo.demographicsLink')}
            </Link>
            {' · '}
            <Link component={RouterLink} to="/admin/paperless-settings">
              {t('contactInfo.paperlessLink')}
            </Link>
          </Typography>
        </>
      )}
    </Stack>
  );
}
