import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChangeCoverageDatesRequest, CoverageDateOptions, ServiceRequest } from '@portal/contracts';
import { isCalendarDate, requestedDateProblem } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { requestCoverageDates } from '../../../data/policy-coverage/coverage-commands';
import { useCoverageDateOptions } from '../../../data/policy-coverage/get-policy-coverage';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { contractResolver, DateInput, PortalForm, RadioInput, TextInput, useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { PolicySelector } from '../../../ui/policy-selector';
import {
  CoveragePageFrame,
  ExchangeNotice,
  NoPolicy,
  OpenRequest,
  RequestSent,
  detailText,
  useCoverageInvalidation,
  useCoveragePolicy,
  useDateOrOpen,
  useOpenRequest,
} from './coverage-shared';
import { NoReasonApplies, useCoverageError, useDateHelp, useReasonOptions } from './reason-fields';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

type Values = ChangeCoverageDatesRequest;

/** The date a reason changes (a correction names it; nothing while no reason is chosen). */
function targetOf(values: Pick<Values, 'reason' | 'which'>): 'start' | 'end' | undefined {
  switch (values.reason as Values['reason'] | '') {
    case 'correction':
      return values.which;
    case 'end-later':
      return 'end';
    case 'start-later':
    case 'start-earlier':
      return 'start';
    case '':
      return undefined;
  }
}

/** What the request asks, in one sentence: "Your coverage would start on December 1, 2026 instead of November 1, 2026." */
function DatesStatement({
  options,
  values,
}: {
  options: CoverageDateOptions;
  values: Pick<Values, 'reason' | 'which' | 'date'>;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateOrOpen = useDateOrOpen();
  const choice = options.reasons.find((candidate) => candidate.reason === values.reason);
  const target = targetOf(values);
  const valid =
    choice?.window &&
    target &&
    isCalendarDate(values.date) &&
    requestedDateProblem(choice, values.date) === null;
  if (!valid || !options.coverage)
    return <Typography sx={{ color: 'text.secondary' }}>{t('coverageDates.statement.choose')}</Typography>;
  const current = target === 'start' ? options.coverage.startDate : options.coverage.endDate;
  return (
    <Stack spacing={1}>
      <Typography sx={{ fontWeight: 600 }}>
        {t(`coverageDates.statement.${target}`, {
          date: format.date(values.date),
          current: dateOrOpen(current),
        })}
      </Typography>
      <Typography>
        {t('coverageDates.statement.who', {
          names: format.list(options.members.map((member) => `${member.firstName} ${member.lastName}`)),
          number: options.policyNumber,
        })}
      </Typography>
      <Typography>{t('coverageDates.statement.review')}</Typography>
    </Stack>
  );
}

function CoverageDatesForm({
  policyId,
  options,
  onSent,
}: {
  policyId: string;
  options: CoverageDateOptions;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reasonOptions = useReasonOptions('dateReason');
  const dateHelp = useDateHelp();
  const describeError = useCoverageError();
  const invalidates = useCoverageInvalidation();
  const resolver = useMemo(
    () => contractResolver((c) => c.coverageDatesFormSchema(options.reasons, options.coverage)),
    [options.reasons, options.coverage],
  );
  const form = useForm<Values>({
    resolver,
    defaultValues: { reason: '' as Values['reason'], date: '', note: '' },
  });
  const [reviewing, setReviewing] = useState<Values | null>(null);
  const command = useCommand({
    send: (values: Values, key: string) => requestCoverageDates(policyId, values, key),
    invalidates,
    form,
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const which = useWatch({ control: form.control, name: 'which' });
  const date = useWatch({ control: form.control, name: 'date' });
  const choice = options.reasons.find((candidate) => candidate.reason === reason);
  const confirm = async () => {
    if (!reviewing) return;
    const sent = await command.submit({
      ...reviewing,
      note: reviewing.note?.trim() ?? '',
      ...(reviewing.reason === 'correction' ? {} : { which: undefined }),
    });
    setReviewing(null);
    if (sent) {
      form.reset();
      onSent(sent);
    }
  };
  return (
    <PortalForm
      form={form}
      onSubmit={(values) => {
        command.reset();
        setReviewing(values);
      }}
      error={command.error}
      describeError={describeError}
      labelledBy="coverage-dates-form-title"
    >
      <Stack spacing={3}>
        <Typography id="coverage-dates-form-title" variant="h6" component="h2">
          {t('coverageDates.formTitle')}
        </Typography>
        <RadioInput name="reason" field="dateReason" options={reasonOptions(options.reasons)} required />
        {reason === 'correction' && (
          <RadioInput
            name="which"
            field="whichDate"
            row
            required
            options={[
              { value: 'start', label: t('serviceRequests.value.whichDate.start') },
              { value: 'end', label: t('serviceRequests.value.whichDate.end') },
            ]}
          />
        )}
        <DateInput
          name="date"
          field="newDate"
          required
          help={dateHelp(choice)}
          slotProps={
            choice?.window
              ? { htmlInput: { min: choice.window.earliest, max: choice.window.latest } }
              : undefined
          }
        />
        <TextInput
          name="note"
          field="coverageNote"
          multiline
          maxLength={500}
          required={choice?.noteRequired}
          help={choice?.noteRequired ? t('policyCoverage.noteRequiredHelp') : t('policyCoverage.noteHelp')}
        />
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="dates-statement-title"
          sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'grey.50' }}
        >
          <Typography
            id="dates-statement-title"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, mb: 1 }}
          >
            {t('coverageDates.statement.heading')}
          </Typography>
          <DatesStatement options={options} values={{ reason, which, date }} />
        </Paper>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={command.pending}>
            {t('coverageDates.review')}
          </Button>
        </Box>
      </Stack>
      {reviewing && (
        <ConfirmDialog
          id="confirm-coverage-dates"
          title={t('coverageDates.confirm.title', { date: format.date(reviewing.date) })}
          body={<DatesStatement options={options} values={reviewing} />}
          keepLabel={t('coverageDates.confirm.keep')}
          confirmLabel={t('coverageDates.confirm.send')}
          busy={command.pending}
          error={null}
          onKeep={() => {
            setReviewing(null);
          }}
          onConfirm={() => {
            void confirm();
          }}
        />
      )}
    </PortalForm>
  );
}

/**
 * Change coverage dates (SPEC §1; issue 11), under coverage details: a different start or end date for
 * the reasons the viewer's roles may give (role-config `coverageDateReasons`) and their conditions
 * (packages/domain coverage-changes.ts), said as a statement and confirmed before a service request
 * `change-coverage-dates` is sent for staff to review. On-exchange coverage dates are the exchange's.
 */
export default function ChangeCoverageDatesPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useCoveragePolicy();
  const options = useCoverageDateOptions(viewer.credentialKey, policy?.id ?? null);
  const open = useOpenRequest(policy, 'change-coverage-dates');
  const [sent, setSent] = useState<ServiceRequest | null>(null);
  const top = useRef<HTMLDivElement>(null);
  // Once a request is sent, its confirmation takes the focus (it shows above where the form was).
  useEffect(() => {
    if (sent) top.current?.focus();
  }, [sent]);
  const format = useFormatters();
  const dateOrOpen = useDateOrOpen();
  const lt = loose(t);
  const exchange = useConfig().account.exchange.name;
  const canAsk = viewer.session.actions.includes('change-coverage-dates');
  const data = options.data;
  return (
    <CoveragePageFrame title={t('coverageDates.heading')} intro={t('coverageDates.intro')} back>
      {!policy ? (
        <NoPolicy />
      ) : (
        <>
          <PolicySelector choices={choices} selected={policy} />
          <Box ref={top} tabIndex={-1} sx={{ outline: 'none', display: sent ? 'block' : 'none' }}>
            {sent && (
              <RequestSent
                request={sent}
                onClose={() => {
                  setSent(null);
                }}
              />
            )}
          </Box>
          {options.isPending && <LoadingNotice label={t('coverageDates.loading')} />}
          {options.isError && !data && (
            <LoadFailedNotice
              message={t('coverageDates.loadError')}
              retry={() => {
                void options.refetch();
              }}
            />
          )}
          {data && data.coverage && (
            <Typography>
              {t('coverageDates.current', {
                start: format.date(data.coverage.startDate),
                end: dateOrOpen(data.coverage.endDate),
              })}
            </Typography>
          )}
          {data &&
            (data.route === 'exchange' ? (
              <ExchangeNotice
                id="coverage-dates-exchange"
                heading={t('coverageDates.exchange.heading', { exchange })}
                body={t('coverageDates.exchange.body', { exchange })}
              />
            ) : !canAsk ? (
              <Alert severity="info">{t('coverageDates.notAllowed')}</Alert>
            ) : open.request ? (
              <OpenRequest
                request={open.request}
                summary={t('coverageDates.open', {
                  date: open.request.effectiveDate ? format.date(open.request.effectiveDate) : '',
                  which: lt(
                    `serviceRequests.value.whichDate.${detailText(open.request, 'whichDate') || 'start'}`,
                  ),
                })}
              />
            ) : data.coverage === null ? (
              <Alert severity="info">{t('coverageDates.nothingToChange')}</Alert>
            ) : data.reasons.length === 0 ? (
              <Alert severity="info">{t('coverageDates.noReasons')}</Alert>
            ) : data.reasons.every((reason) => reason.unavailable !== null) ? (
              <NoReasonApplies
                kind="dateReason"
                reasons={data.reasons}
                intro={t('coverageDates.noneApplies')}
              />
            ) : (
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <CoverageDatesForm
                  key={policy.id}
                  policyId={policy.id}
                  options={data}
                  onSent={(request) => {
                    setSent(request);
                  }}
                />
              </Paper>
            ))}
        </>
      )}
    </CoveragePageFrame>
  );
}
