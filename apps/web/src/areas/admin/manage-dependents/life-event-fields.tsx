import { useEffect, useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AddDependentsRequestSchema } from '@portal/contracts';
import {
  ADD_DEPENDENT_EVENTS,
  coverageStartOptions,
  isCalendarDate,
  isWithinWindow,
  lifeEventWindow,
  type AddDependentEvent,
  type CalendarDate,
} from '@portal/domain';
import Box from '../../../kit/Box';
import Typography from '../../../kit/Typography';
import { DateInput, RadioInput, SelectInput, type Option } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';

type AddForm = z.output<typeof AddDependentsRequestSchema>;

/** Events whose coverage may start on the day itself (45 CFR 155.420(b)(2)(i)). */
const ON_THE_DAY: readonly AddDependentEvent[] = ['birth', 'adoption', 'foster-care', 'court-order'];

/**
 * The qualifying life event chosen and the coverage start dates it allows (DOMAIN special enrolment: none
 * until the event and a date within its window are known). The start follows the event: the first date
 * it allows, unless the member chose another allowed one.
 */
export function useCoverageStarts(form: UseFormReturn<AddForm>, today: CalendarDate) {
  const [event, eventDate] = useWatch({ control: form.control, name: ['lifeEvent', 'lifeEventDate'] }) as [
    AddDependentEvent | undefined,
    string,
  ];
  const starts = useMemo(
    () =>
      event && isCalendarDate(eventDate) && isWithinWindow(eventDate, lifeEventWindow(event, today))
        ? coverageStartOptions(event, eventDate, today)
        : [],
    [event, eventDate, today],
  );
  // The start follows the event: the first date it allows, unless the member chose another allowed one.
  useEffect(() => {
    const chosen = form.getValues('coverageStartDate');
    const first = starts[0];
    if (first !== undefined && !starts.includes(chosen)) form.setValue('coverageStartDate', first);
    if (first === undefined && chosen !== '') form.setValue('coverageStartDate', '');
  }, [starts, form]);
  return { event, starts };
}

/** The qualifying life event, its date, and the coverage start to choose (said when there is none yet). */
export function LifeEventFields({
  event,
  starts,
}: {
  event: AddDependentEvent | undefined;
  starts: readonly string[];
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const startLabel = (date: string, index: number) => {
    const shown = format.date(date);
    if (event && ON_THE_DAY.includes(event) && index === 0)
      return t('dependents.add.startOnEvent', { date: shown });
    return starts.length > 1
      ? t('dependents.add.startNextMonth', { date: shown })
      : t('dependents.add.startOnly', { date: shown });
  };
  const eventOptions: Option[] = ADD_DEPENDENT_EVENTS.map((value) => ({
    value,
    label: t(`dependents.lifeEvent.${value}`),
  }));
  return (
    <>
      <SelectInput name="lifeEvent" field="lifeEvent" options={eventOptions} required />
      <DateInput
        name="lifeEventDate"
        field="lifeEventDate"
        required
        help={event ? t(`dependents.add.eventHelp.${event}`) : undefined}
      />
      {starts.length > 0 ? (
        <RadioInput
          name="coverageStartDate"
          field="coverageStartDate"
          required
          options={starts.map((date, index) => ({ value: date, label: startLabel(date, index) }))}
        />
      ) : (
        // Nothing to choose until the event and its date are known: say so instead of an empty choice.
        <Box>
          <Typography sx={{ color: 'text.secondary' }}>{t('fields.coverageStartDate.label')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('dependents.add.startHelp')}
          </Typography>
        </Box>
      )}
    </>
  );
}
