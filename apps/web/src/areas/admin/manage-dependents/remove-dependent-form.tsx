import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PolicyDetail, RemoveDependentRequestSchema, ServiceRequest } from '@portal/contracts';
import {
  isCalendarDate,
  isWithinWindow,
  removalDateWindow,
  removalOutcome,
  REMOVE_DEPENDENT_REASONS,
  type RemovalOutcome,
  type RemoveDependentReason,
} from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { removeDependent } from '../../../data/dependents/dependent-commands';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  contractResolver,
  DateInput,
  PortalForm,
  SelectInput,
  TextInput,
  useCommand,
  type Option,
} from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { usePolicyLabel } from '../../../ui/policy-selector';
import { dependentFieldOf, useDependentError } from './dependent-errors';
import { useRelationshipLabel, type PolicyMember } from './members-list';

type RemoveForm = z.output<typeof RemoveDependentRequestSchema>;

/**
 * Remove a dependent (issue 11): why they leave and when; the page says, as it is typed, when their
 * coverage ends (packages/domain `lastDayOfCoverage`: the last day of the event's month, never in the past,
 * or the date of death) and asks for a confirmation that says it again before anything is sent. A death's
 * date is limited to SPEC §5's window (`members.deathDateWindowMonths` months back to today).
 */
export function RemoveDependentForm({
  policy,
  member,
  onCancel,
  onSent,
}: {
  policy: PolicyDetail;
  member: PolicyMember;
  onCancel: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const policyLabel = usePolicyLabel();
  const relationshipLabel = useRelationshipLabel();
  const describeError = useDependentError();
  const rules = useConfig().account.members;
  const today = viewer.session.today;
  const resolver = useMemo(
    () => contractResolver((c) => c.removeDependentFormSchema({ today, rules })),
    [today, rules],
  );
  const form = useForm<RemoveForm>({
    resolver,
    defaultValues: { memberId: member.id, removalDate: '', note: '' },
  });
  const [review, setReview] = useState<{ values: RemoveForm; outcome: RemovalOutcome } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const name = `${member.firstName} ${member.lastName}`;
  const command = useCommand({
    send: (values: RemoveForm, key: string) =>
      removeDependent(policy.id, { ...values, note: (values.note ?? '').trim() }, key),
    invalidates: () => [serviceRequestsKey(viewer.credentialKey), ['notifications']],
    form,
    fieldOf: dependentFieldOf,
  });

  useEffect(() => {
    heading.current?.focus();
  }, [member.id]);

  const [reason, date] = useWatch({ control: form.control, name: ['removalReason', 'removalDate'] }) as [
    RemoveDependentReason | undefined,
    string,
  ];
  const dateWindow = reason ? removalDateWindow(reason, today, rules) : null;
  const coverageStart = member.status === 'Pending' ? member.effectiveDate : null;
  const outcomeOf = (why: RemoveDependentReason, when: string) =>
    removalOutcome(why, when, today, coverageStart);
  const outcome =
    reason && dateWindow && isCalendarDate(date) && isWithinWindow(date, dateWindow)
      ? outcomeOf(reason, date)
      : null;
  const statement = (result: RemovalOutcome, why: RemoveDependentReason) => {
    if (result.neverStarts)
      return t('dependents.remove.neverStarts', { name, start: format.date(coverageStart ?? '') });
    return why === 'death'
      ? t('dependents.remove.endsOnDeath', { name, date: format.date(result.lastDayOfCoverage) })
      : t('dependents.remove.endsOn', { name, date: format.date(result.lastDayOfCoverage) });
  };
  const reasonOptions: Option[] = REMOVE_DEPENDENT_REASONS.map((value) => ({
    value,
    label: t(`dependents.removalReason.${value}`),
  }));

  const send = async () => {
    if (!review) return;
    const { values } = review;
    setReview(null);
    const request = await command.submit(values);
    if (request) onSent(request);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="remove-dependent-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id="remove-dependent-heading"
        ref={heading}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ mb: 1, outline: 'none', overflowWrap: 'anywhere' }}
      >
        {t('dependents.remove.heading', { name })}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('dependents.remove.intro', {
          name,
          relationship: relationshipLabel(member.relationship).toLocaleLowerCase(),
        })}
      </Typography>
      <PortalForm
        form={form}
        onSubmit={(values) => {
          setReview({ values, outcome: outcomeOf(values.removalReason, values.removalDate) });
        }}
        error={command.error}
        describeError={describeError}
        labelledBy="remove-dependent-heading"
      >
        <Stack spacing={2.5}>
          <SelectInput name="removalReason" field="removalReason" options={reasonOptions} required />
          <DateInput
            name="removalDate"
            field="removalDate"
            required
            label={reason === 'death' ? t('dependents.remove.deathDateLabel') : undefined}
            help={
              dateWindow
                ? reason === 'death'
                  ? t('dependents.remove.dateHelp.death', { earliest: format.date(dateWindow.earliest) })
                  : t('dependents.remove.dateHelp.other', {
                      earliest: format.date(dateWindow.earliest),
                      latest: format.date(dateWindow.latest),
                    })
                : undefined
            }
          />
          <TextInput
            name="note"
            field="removalNote"
            multiline
            maxLength={500}
            required={reason === 'other'}
            help={t('dependents.remove.noteHelp')}
          />
          <Box aria-live="polite">
            {outcome && reason && (
              <Alert severity="warning" data-testid="removal-outcome">
                {statement(outcome, reason)}
              </Alert>
            )}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button type="submit" variant="contained" size="large" disabled={command.pending}>
              {t('dependents.remove.submit')}
            </Button>
            <Button size="large" onClick={onCancel} disabled={command.pending}>
              {t('dependents.remove.cancel')}
            </Button>
          </Box>
        </Stack>
      </PortalForm>
      {review && (
        <ConfirmDialog
          id="remove-dependent-confirm"
          title={t('dependents.remove.confirm.title', { name })}
          body={
            <>
              {review.outcome.neverStarts
                ? t('dependents.remove.confirm.neverStarts', {
                    name,
                    policy: policyLabel(policy),
                    start: format.date(coverageStart ?? ''),
                  })
                : review.values.removalReason === 'death'
                  ? t('dependents.remove.confirm.endsDeath', {
                      name,
                      policy: policyLabel(policy),
                      date: format.date(review.outcome.lastDayOfCoverage),
                    })
                  : t('dependents.remove.confirm.ends', {
                      name,
                      policy: policyLabel(policy),
                      date: format.date(review.outcome.lastDayOfCoverage),
                    })}{' '}
              {t('dependents.remove.confirm.review')}
            </>
          }
          keepLabel={t('dependents.remove.confirm.back')}
          confirmLabel={t('dependents.remove.confirm.send')}
          busy={command.pending}
          error={null}
          onKeep={() => {
            setReview(null);
          }}
          onConfirm={() => void send()}
        />
      )}
    </Paper>
  );
}
