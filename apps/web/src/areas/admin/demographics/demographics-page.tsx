import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  DemographicsChangeRequest,
  DemographicsMember,
  PolicyDemographics,
  UpdateLanguageRequest,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import {
  demographicsKey,
  requestDemographicsChange,
  updateHouseholdLanguage,
  useDemographics,
} from '../../../data/demographics/demographics';
import { serviceRequestsKey, useServiceRequests } from '../../../data/service-request/get-service-requests';
import { changeLanguage } from '../../../i18n';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { ExchangeNotice } from '../../../ui/exchange-notice';
import {
  CheckboxInput,
  contractResolver,
  DateInput,
  PortalForm,
  RadioInput,
  SelectInput,
  TextInput,
  useCommand,
} from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { conflictCurrent, PROBLEMS, useProblemText } from '../../../ui/problems';

const LANGUAGE_CHOICES = ['en', 'es', 'pt'] as const;

/** The household's language: applied at once, and the portal switches to it. */
function LanguageForm({
  householdId,
  policyId,
  language,
}: {
  householdId: string;
  policyId: string;
  language: PolicyDemographics['language'];
}) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const resolver = useMemo(() => contractResolver((c) => c.UpdateLanguageRequestSchema), []);
  const form = useForm<UpdateLanguageRequest>({
    resolver,
    defaultValues: { language: language.value, version: language.version },
  });
  const [version, setVersion] = useState(language.version);
  const [saved, setSaved] = useState(false);
  const [now, setNow] = useState('');
  const languageError = useProblemText(PROBLEMS.demographicsLanguage);
  const save = useCommand({
    send: (body: UpdateLanguageRequest, key: string) => updateHouseholdLanguage(householdId, body, key),
    invalidates: () => [demographicsKey(credentialKey, policyId)],
    form,
  });
  const onSubmit = async (values: UpdateLanguageRequest) => {
    setSaved(false);
    const outcome = await save.attempt({ language: values.language, version });
    if (outcome.ok) {
      setVersion(outcome.result.version);
      setSaved(true);
      // The portal speaks the household's language from now on (and remembers it in this browser).
      await changeLanguage(outcome.result.language);
      return;
    }
    const current = conflictCurrent(outcome.error) as
      { language: 'en' | 'es' | 'pt'; version: number | null } | undefined;
    if (current) {
      setVersion(current.version);
      setNow(t(`demographics.languageOption.${current.language}`));
    }
  };
  return (
    <PortalForm
      form={form}
      onSubmit={onSubmit}
      error={save.error}
      describeError={(error) => languageError(error, { language: now })}
      labelledBy="language-title"
    >
      <Typography id="language-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('demographics.languageTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('demographics.languageIntro')}</Typography>
      <Stack spacing={2}>
        <RadioInput
          name="language"
          field="preferredLanguage"
          options={LANGUAGE_CHOICES.map((value) => ({
            value,
            label: <span lang={value}>{t(`demographics.languageOption.${value}`)}</span>,
          }))}
        />
        {saved && (
          <Alert severity="success" role="status" data-testid="language-saved">
            {t('demographics.languageSaved')}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.pending}>
            {t('demographics.saveLanguage')}
          </Button>
        </Box>
      </Stack>
    </PortalForm>
  );
}

const fullName = (member: Pick<DemographicsMember, 'firstName' | 'middleName' | 'lastName'>) =>
  [member.firstName, member.middleName, member.lastName].filter(Boolean).join(' ');

const valuesOf = (member: DemographicsMember): DemographicsChangeRequest => ({
  memberId: member.id,
  firstName: member.firstName,
  middleName: member.middleName ?? '',
  lastName: member.lastName,
  dob: member.dob,
  gender: member.gender as DemographicsChangeRequest['gender'],
  tobacco: member.tobacco,
  version: member.version,
});

/** One member's new details: a request for review. */
function MemberForm({
  policyId,
  member,
  onDone,
  onCancel,
}: {
  policyId: string;
  member: DemographicsMember;
  onDone: (reference: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const genders = useConfig().account.members.genderOptions;
  const resolver = useMemo(() => contractResolver((c) => c.DemographicsChangeRequestSchema), []);
  const form = useForm<DemographicsChangeRequest>({ resolver, defaultValues: valuesOf(member) });
  const [read, setRead] = useState(member);
  const [changes, setChanges] = useState('');
  const format = useFormatters();
  const send = useCommand({
    send: (body: DemographicsChangeRequest, key: string) => requestDemographicsChange(policyId, body, key),
    invalidates: () => [demographicsKey(credentialKey, policyId), serviceRequestsKey(credentialKey)],
    form,
  });
  const shown = (
    field: 'firstName' | 'middleName' | 'lastName' | 'dob' | 'gender' | 'tobacco',
    value: DemographicsMember,
  ): string => {
    switch (field) {
      case 'dob':
        return format.date(value.dob);
      case 'gender':
        return loose(t)(`demographics.gender.${value.gender}`, { defaultValue: value.gender });
      case 'tobacco':
        return value.tobacco ? t('demographics.tobaccoYes') : t('demographics.tobaccoNo');
      case 'firstName':
      case 'middleName':
      case 'lastName':
        return value[field] ?? '—';
    }
  };
  const onSubmit = async (values: DemographicsChangeRequest) => {
    const outcome = await send.attempt({ ...values, version: read.version });
    if (outcome.ok) {
      onDone(outcome.result.referenceNumber);
      return;
    }
    const current = (conflictCurrent(outcome.error) as { member?: DemographicsMember } | undefined)?.member;
    if (!current) return;
    const fields = (['firstName', 'middleName', 'lastName', 'dob', 'gender', 'tobacco'] as const).filter(
      (field) => read[field] !== current[field],
    );
    const label = (field: (typeof fields)[number]) => t(`fields.${field}.label`);
    setChanges(
      (fields.length > 0 ? fields : (['firstName', 'lastName'] as const))
        .map((field) => `${label(field)}: ${shown(field, current)}`)
        .join('; '),
    );
    setRead(current);
  };
  const say = useProblemText(PROBLEMS.demographics);
  const describeError = (error: unknown) => say(error, { changes });
  useEffect(() => {
    form.setFocus('firstName');
  }, [form]);
  const titleId = `member-form-${member.id}`;
  return (
    <PortalForm
      form={form}
      onSubmit={onSubmit}
      error={send.error}
      describeError={describeError}
      labelledBy={titleId}
    >
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {t('demographics.formTitle', { name: fullName(member) })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('demographics.reviewNote')}</Typography>
      <Stack spacing={2.5}>
        <TextInput name="firstName" field="firstName" autoComplete="off" maxLength={50} required />
        <TextInput name="middleName" field="middleName" autoComplete="off" maxLength={50} />
        <TextInput name="lastName" field="lastName" autoComplete="off" maxLength={60} required />
        <DateInput name="dob" field="dob" required />
        <SelectInput
          name="gender"
          field="gender"
          required
          options={genders.map((value) => ({ value, label: t(`demographics.gender.${value}`) }))}
        />
        <CheckboxInput name="tobacco" field="tobacco" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button type="submit" variant="contained" size="large" disabled={send.pending}>
            {t('demographics.send')}
          </Button>
          <Button variant="outlined" size="large" onClick={onCancel}>
            {t('demographics.cancel')}
          </Button>
        </Stack>
      </Stack>
    </PortalForm>
  );
}

function People({ view, canChange }: { view: PolicyDemographics; canChange: boolean }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const exchange = useConfig().account.exchange;
  const [editing, setEditing] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());
  const sentRef = useRef<HTMLDivElement>(null);
  const open = useServiceRequests(viewer.credentialKey, view.householdId, {
    policyId: view.policyId,
    status: 'open',
  });
  const pendingFor = (memberId: string) =>
    open.data?.items.find(
      (request) => request.type === 'demographics' && request.memberIds.includes(memberId),
    );
  const close = (memberId: string) => {
    setEditing(null);
    setTimeout(() => openers.current.get(memberId)?.focus(), 0);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="people-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="people-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('demographics.peopleTitle')}
      </Typography>
      {view.onExchange && canChange && (
        <Box sx={{ mb: 2 }}>
          <ExchangeNotice
            id="demographics-exchange-notice"
            title={t('demographics.exchangeTitle', { exchange: exchange.name })}
            body={t('demographics.exchangeBody', { exchange: exchange.name })}
            contact={(phone) => t('demographics.exchangeContact', { exchange: exchange.name, phone })}
            phone={exchange.phone}
            linkLabel={t('demographics.exchangeLink', { exchange: exchange.name })}
            url={exchange.url}
          />
        </Box>
      )}
      {sent && (
        <Alert
          severity="success"
          role="status"
          ref={sentRef}
          tabIndex={-1}
          sx={{ mb: 2 }}
          data-testid="demographics-sent"
        >
          {t('demographics.sent', { reference: sent })}{' '}
          <Link component={RouterLink} to="/admin/policy-selection/service-requests">
            {t('demographics.historyLink')}
          </Link>
        </Alert>
      )}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {view.members.map((member) => {
          const pending = pendingFor(member.id);
          return (
            <Box component="li" key={member.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {fullName(member)}
              </Typography>
              <Typography variant="body2">
                {lt(`demographics.relationship.${member.relationship}`, {
                  defaultValue: member.relationship,
                })}{' '}
                · {t('demographics.born', { date: format.date(member.dob) })} ·{' '}
                {lt(`demographics.gender.${member.gender}`, { defaultValue: member.gender })} ·{' '}
                {member.tobacco ? t('demographics.tobaccoYes') : t('demographics.tobaccoNo')}
              </Typography>
              {pending && (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('demographics.pending', { reference: pending.referenceNumber })}
                </Typography>
              )}
              {canChange && !view.onExchange && editing !== member.id && member.canChange && (
                <Button
                  ref={(node) => {
                    if (node) openers.current.set(member.id, node);
                  }}
                  variant="outlined"
                  size="small"
                  sx={{ mt: 1 }}
                  onClick={() => {
                    setSent(null);
                    setEditing(member.id);
                  }}
                >
                  {t('demographics.change', { name: fullName(member) })}
                </Button>
              )}
              {canChange && !view.onExchange && !member.canChange && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('demographics.cannotChange')}
                </Typography>
              )}
              {editing === member.id && (
                <Box sx={{ mt: 2 }}>
                  <MemberForm
                    policyId={view.policyId}
                    member={member}
                    onCancel={() => {
                      close(member.id);
                    }}
                    onDone={(reference) => {
                      setEditing(null);
                      setSent(reference);
                      setTimeout(() => sentRef.current?.focus(), 0);
                    }}
                  />
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

/**
 * SPEC §2 /admin/demographics (issue 11): the selected policy's members — name, date of birth, gender,
 * tobacco use — each change a request for review (for an on-exchange policy, the exchange's:
 * `changeRouteFor(policy, 'demographics')`), and the household's preferred language, applied at once and
 * switching the portal's language.
 */
export default function DemographicsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(
    viewer.policies,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  const demographics = useDemographics(viewer.credentialKey, policy?.id ?? null);
  const canChange = viewer.session.actions.includes('update-demographics');
  const view = demographics.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('demographics.title')}
        </Typography>
        <Typography>{t('demographics.intro')}</Typography>
      </Box>
      <PolicySelector choices={choices} selected={policy} />
      {!policy ? (
        <Alert severity="info">{t('demographics.noPolicy')}</Alert>
      ) : demographics.isError && !view ? (
        <Alert severity="warning">{t('demographics.unavailable')}</Alert>
      ) : !view ? (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <>
          {canChange && view.householdId && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <LanguageForm
                key={`${view.householdId}:${view.language.version ?? 0}`}
                householdId={view.householdId}
                policyId={view.policyId}
                language={view.language}
              />
            </Paper>
          )}
          <People key={view.policyId} view={view} canChange={canChange} />
        </>
      )}
    </Stack>
  );
}
