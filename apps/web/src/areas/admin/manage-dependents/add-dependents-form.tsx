import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AddDependentsRequestSchema, PolicyDetail, ServiceRequest } from '@portal/contracts';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { addDependents } from '../../../data/dependents/dependent-commands';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { contractResolver, PortalForm, useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { usePolicyLabel } from '../../../ui/policy-selector';
import { dependentFieldOf, useDependentError } from './dependent-errors';
import { DependentPersonFields } from './dependent-person-fields';
import { ReviewDialog } from './review-dialog';
import { LifeEventFields, useCoverageStarts } from './life-event-fields';

type AddForm = z.output<typeof AddDependentsRequestSchema>;
type Person = AddForm['dependents'][number];

// The selects start empty (nothing chosen yet): the schema says "required" until the member chooses.
const emptyPerson = (): Person =>
  ({
    firstName: '',
    lastName: '',
    dob: '',
    gender: '',
    relationship: '',
    exchangeId: '',
    ssn: '',
  }) as unknown as Person;

/** A choice's label inside a sentence ("A birth" → "a birth"). */
const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/** What is sent: names trimmed, and an exchange ID or SSN only when one was typed. */
function requestOf(values: AddForm): AddForm {
  return {
    ...values,
    dependents: values.dependents.map(({ exchangeId, ssn, ...person }) => ({
      ...person,
      firstName: person.firstName.trim(),
      lastName: person.lastName.trim(),
      ...(exchangeId && exchangeId.trim() !== '' ? { exchangeId: exchangeId.trim() } : {}),
      ...(ssn && ssn.trim() !== '' ? { ssn: ssn.trim() } : {}),
    })),
  };
}

/**
 * Add dependents (issue 11; SPEC §3 Add-dependent form; §5 "Dependents" and SSN rules; DOMAIN special
 * enrolment): the qualifying life event and its date, the coverage start dates it allows, then one to
 * `members.numberOfAddDependents` people — name, date of birth, sex (`members.genderOptions`),
 * relationship, an optional exchange member ID (`members.exchangeIdLength`) and an optional SSN. The
 * browser checks the same rules as the server; a confirmation says what is asked before it is sent.
 */
export function AddDependentsForm({
  policy,
  onCancel,
  onSent,
}: {
  policy: PolicyDetail;
  onCancel: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const policyLabel = usePolicyLabel();
  const describeError = useDependentError();
  const rules = useConfig().account.members;
  const today = viewer.session.today;
  const resolver = useMemo(
    () => contractResolver((c) => c.addDependentsFormSchema({ today, rules })),
    [today, rules],
  );
  const form = useForm<AddForm>({
    resolver,
    defaultValues: { lifeEventDate: '', coverageStartDate: '', dependents: [emptyPerson()] },
  });
  const people = useFieldArray({ control: form.control, name: 'dependents' });
  const [review, setReview] = useState<AddForm | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const command = useCommand({
    send: (values: AddForm, key: string) => addDependents(policy.id, requestOf(values), key),
    invalidates: () => [serviceRequestsKey(viewer.credentialKey), ['notifications']],
    form,
    fieldOf: dependentFieldOf,
  });

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const { event, starts } = useCoverageStarts(form, today);
  const atMost = people.fields.length >= rules.numberOfAddDependents;

  const send = async () => {
    if (!review) return;
    const values = review;
    setReview(null);
    const request = await command.submit(values);
    if (request) onSent(request);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="add-dependents-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id="add-dependents-heading"
        ref={heading}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ mb: 1, outline: 'none' }}
      >
        {t('dependents.add.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('dependents.add.intro')}</Typography>
      <PortalForm
        form={form}
        onSubmit={(values) => {
          setReview(values);
        }}
        error={command.error}
        describeError={describeError}
        labelledBy="add-dependents-heading"
      >
        <Stack spacing={2.5}>
          <LifeEventFields event={event} starts={starts} />
          {people.fields.map((person, index) => (
            <DependentPersonFields
              key={person.id}
              index={index}
              event={event}
              onRemove={
                people.fields.length > 1
                  ? () => {
                      people.remove(index);
                    }
                  : undefined
              }
            />
          ))}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Button
              variant="outlined"
              onClick={() => {
                people.append(emptyPerson(), { focusName: `dependents.${people.fields.length}.firstName` });
              }}
              disabled={atMost}
              aria-describedby="add-dependents-max"
            >
              {t('dependents.add.addPerson')}
            </Button>
            <Typography id="add-dependents-max" variant="body2" color="text.secondary">
              {t('dependents.add.maxPeople', { maximum: rules.numberOfAddDependents })}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button type="submit" variant="contained" size="large" disabled={command.pending}>
              {t('dependents.add.submit')}
            </Button>
            <Button size="large" onClick={onCancel} disabled={command.pending}>
              {t('dependents.add.cancel')}
            </Button>
          </Box>
        </Stack>
      </PortalForm>
      {review && (
        <ReviewDialog
          id="add-dependents-confirm"
          title={t('dependents.add.confirm.title')}
          body={t('dependents.add.confirm.body', {
            names: format.list(
              review.dependents.map((person) => `${person.firstName.trim()} ${person.lastName.trim()}`),
            ),
            policy: policyLabel(policy),
            event: lowerFirst(t(`dependents.lifeEvent.${review.lifeEvent}`)),
            date: format.date(review.lifeEventDate),
            start: format.date(review.coverageStartDate),
          })}
          backLabel={t('dependents.add.confirm.back')}
          sendLabel={t('dependents.add.confirm.send')}
          busy={command.pending}
          onBack={() => {
            setReview(null);
          }}
          onSend={() => void send()}
        />
      )}
    </Paper>
  );
}
