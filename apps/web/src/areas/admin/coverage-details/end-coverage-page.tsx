import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EndCoverageOptions, EndCoverageRequest, ServiceRequest } from '@portal/contracts';
import {
  compareCalendarDates,
  endCoverageEffects,
  isCalendarDate,
  requestedDateProblem,
} from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useEndCoverageOptions } from '../../../data/policy-coverage/get-policy-coverage';
import { requestEndCoverage } from '../../../data/policy-coverage/coverage-commands';
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
  useOpenRequest,
} from './coverage-shared';
import { NoReasonApplies, useCoverageError, useDateHelp, useReasonOptions } from './reason-fields';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

type Values = EndCoverageRequest;

/**
 * The statement before anything is sent (issue 11 "a clear statement of what ends and when"): which policy,
 * whose coverage, the last day, what happens to autopay and to each scheduled payment, and money paid for
 * months after the end. It follows what is chosen in the form.
 */
function EndStatement({
  options,
  reason,
  endDate,
}: {
  options: EndCoverageOptions;
  reason: string;
  endDate: string;
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const choice = options.reasons.find((candidate) => candidate.reason === reason);
  const valid = choice?.window && isCalendarDate(endDate) && requestedDateProblem(choice, endDate) === null;
  const names = format.list(
    options.members.map(
      (member) =>
        `${member.firstName} ${member.lastName} (${lt(`relationship.${member.relationship}`, { defaultValue: member.relationship })})`,
    ),
  );
  const policyName = t('endCoverage.statement.policy', {
    number: options.policyNumber,
    plan: options.planName ?? t('overview.none'),
    line: lt(`lineOfCoverage.${options.lineOfCoverage}`),
  });
  if (!valid) {
    return (
      <Stack spacing={1}>
        <Typography>{policyName}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('endCoverage.statement.choose')}</Typography>
      </Stack>
    );
  }
  const effects = endCoverageEffects(endDate, options.autopay.active, options.scheduledPayments);
  const payment = (one: { paymentDate: string; paymentAmountCents: number }) =>
    t('endCoverage.statement.payment', {
      amount: format.money(one.paymentAmountCents),
      date: format.date(one.paymentDate),
    });
  const refund =
    options.paidThroughDate !== null && compareCalendarDates(options.paidThroughDate, endDate) > 0;
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
      <li>
        <Typography>{policyName}</Typography>
      </li>
      <li>
        <Typography sx={{ fontWeight: 600 }}>
          {t('endCoverage.statement.ends', { date: format.date(endDate), names })}
        </Typography>
      </li>
      <li>
        <Typography>
          {options.autopay.active
            ? t('endCoverage.statement.autopay', { day: options.autopay.runDay ?? 1 })
            : t('endCoverage.statement.noAutopay')}
        </Typography>
      </li>
      <li>
        <Typography>
          {effects.scheduledKept.length === 0 && effects.scheduledCancelled.length === 0
            ? t('endCoverage.statement.noScheduled')
            : [
                effects.scheduledKept.length > 0
                  ? t('endCoverage.statement.scheduledKept', {
                      payments: format.list(effects.scheduledKept.map(payment)),
                    })
                  : '',
                effects.scheduledCancelled.length > 0
                  ? t('endCoverage.statement.scheduledCancelled', {
                      payments: format.list(effects.scheduledCancelled.map(payment)),
                    })
                  : '',
              ]
                .filter(Boolean)
                .join(' ')}
        </Typography>
      </li>
      {refund && options.paidThroughDate && (
        <li>
          <Typography>
            {t('endCoverage.statement.refund', {
              paidThrough: format.date(options.paidThroughDate),
              date: format.date(endDate),
            })}
          </Typography>
        </li>
      )}
      <li>
        <Typography>{t('endCoverage.statement.review')}</Typography>
      </li>
    </Stack>
  );
}

function EndCoverageForm({
  policyId,
  options,
  onSent,
}: {
  policyId: string;
  options: EndCoverageOptions;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reasonOptions = useReasonOptions('endReason');
  const dateHelp = useDateHelp();
  const describeError = useCoverageError();
  const invalidates = useCoverageInvalidation();
  const resolver = useMemo(
    () => contractResolver((c) => c.endCoverageFormSchema(options.reasons)),
    [options.reasons],
  );
  const form: UseFormReturn<Values> = useForm<Values>({
    resolver,
    defaultValues: { reason: '' as Values['reason'], endDate: '', note: '' },
  });
  const [reviewing, setReviewing] = useState<Values | null>(null);
  const command = useCommand({
    send: (values: Values, key: string) => requestEndCoverage(policyId, values, key),
    invalidates,
    form,
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const endDate = useWatch({ control: form.control, name: 'endDate' });
  const choice = options.reasons.find((candidate) => candidate.reason === reason);
  const confirm = async () => {
    if (!reviewing) return;
    const sent = await command.submit({ ...reviewing, note: reviewing.note?.trim() ?? '' });
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
      labelledBy="end-coverage-form-title"
    >
      <Stack spacing={3}>
        <Typography id="end-coverage-form-title" variant="h6" component="h2">
          {t('endCoverage.formTitle')}
        </Typography>
        <RadioInput name="reason" field="endReason" options={reasonOptions(options.reasons)} required />
        <DateInput
          name="endDate"
          field="endDate"
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
          aria-labelledby="end-statement-title"
          sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'grey.50' }}
        >
          <Typography
            id="end-statement-title"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, mb: 1 }}
          >
            {t('endCoverage.statement.heading')}
          </Typography>
          <EndStatement options={options} reason={reason} endDate={endDate} />
        </Paper>
        <Box>
          <Button type="submit" variant="contained" color="error" size="large" disabled={command.pending}>
            {t('endCoverage.review')}
          </Button>
        </Box>
      </Stack>
      {reviewing && (
        <ConfirmDialog
          id="confirm-end-coverage"
          title={t('endCoverage.confirm.title', { date: format.date(reviewing.endDate) })}
          body={<EndStatement options={options} reason={reviewing.reason} endDate={reviewing.endDate} />}
          keepLabel={t('endCoverage.confirm.keep')}
          confirmLabel={t('endCoverage.confirm.send')}
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
 * End coverage (SPEC §1; issue 11), under coverage details: the reasons the viewer's roles may give with
 * their conditions (SPEC §5; role-config `endCoverageReasons`, packages/domain coverage-changes.ts), the
 * last day the reason allows, a statement of what ends and when, and a confirmation before a service
 * request `end-coverage` is sent for staff to review. An on-exchange policy is ended at the exchange: the
 * page says so and links to it.
 */
export default function EndCoveragePage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useCoveragePolicy();
  const options = useEndCoverageOptions(viewer.credentialKey, policy?.id ?? null);
  const open = useOpenRequest(policy, 'end-coverage');
  const [sent, setSent] = useState<ServiceRequest | null>(null);
  const top = useRef<HTMLDivElement>(null);
  // Once a request is sent, its confirmation takes the focus (it shows above where the form was).
  useEffect(() => {
    if (sent) top.current?.focus();
  }, [sent]);
  const format = useFormatters();
  const lt = loose(t);
  const canAsk = viewer.session.actions.includes('end-coverage');
  const exchange = useConfig().account.exchange.name;
  const data = options.data;
  return (
    <CoveragePageFrame title={t('endCoverage.heading')} intro={t('endCoverage.intro')} back>
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
          {options.isPending && <LoadingNotice label={t('endCoverage.loading')} />}
          {options.isError && !data && (
            <LoadFailedNotice
              message={t('endCoverage.loadError')}
              retry={() => {
                void options.refetch();
              }}
            />
          )}
          {data &&
            (data.route === 'exchange' ? (
              <ExchangeNotice
                id="end-coverage-exchange"
                heading={t('endCoverage.exchange.heading', { exchange })}
                body={t('endCoverage.exchange.body', { exchange })}
              />
            ) : !canAsk ? (
              <Alert severity="info">{t('endCoverage.notAllowed')}</Alert>
            ) : open.request ? (
              <OpenRequest
                request={open.request}
                summary={t('endCoverage.open', {
                  date: open.request.effectiveDate ? format.date(open.request.effectiveDate) : '',
                  reason: lt(`serviceRequests.value.endReason.${detailText(open.request, 'endReason')}`),
                })}
              />
            ) : data.reasons.length === 0 ? (
              <Alert severity="info">{t('endCoverage.noReasons')}</Alert>
            ) : data.coverage === null ||
              data.reasons.every((reason) => reason.unavailable === 'coverage-ended') ? (
              <Alert severity="info">{t('endCoverage.nothingToEnd')}</Alert>
            ) : data.reasons.every((reason) => reason.unavailable !== null) ? (
              <NoReasonApplies kind="endReason" reasons={data.reasons} intro={t('endCoverage.noneApplies')} />
            ) : (
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <EndCoverageForm
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
