import { useTranslation } from 'react-i18next';
import { DEPENDENT_RELATIONSHIPS, type AddDependentEvent } from '@portal/domain';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { DateInput, SelectInput, TextInput, type Option } from '../../../ui/form';
import { useRelationshipLabel } from './members-list';

/**
 * One person to add, as a numbered fieldset (SPEC §3 Add-dependent form): name, date of birth, sex
 * (`members.genderOptions`), relationship, an optional exchange member ID (`members.exchangeIdLength`)
 * and an optional SSN; and, when there is more than one, a button to take them off the request.
 */
export function DependentPersonFields({
  index,
  event,
  onRemove,
}: {
  index: number;
  /** The qualifying life event chosen (a birth explains the date of birth). */
  event: AddDependentEvent | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const rules = useConfig().account.members;
  const relationshipLabel = useRelationshipLabel();
  const genderOptions: Option[] = rules.genderOptions.map((value) => ({
    value,
    label: t(`dependents.gender.${value}`),
  }));
  const relationshipOptions: Option[] = DEPENDENT_RELATIONSHIPS.map((value) => ({
    value,
    label: relationshipLabel(value),
  }));
  return (
    <Box
      component="fieldset"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        m: 0,
        p: { xs: 1.5, sm: 2 },
        minWidth: 0,
      }}
    >
      <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
        {t('dependents.add.person', { number: index + 1 })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1 }}>
        <TextInput
          name={`dependents.${index}.firstName`}
          field="dependentFirstName"
          required
          autoComplete="off"
          maxLength={50}
        />
        <TextInput
          name={`dependents.${index}.lastName`}
          field="dependentLastName"
          required
          autoComplete="off"
          maxLength={50}
        />
        <DateInput
          name={`dependents.${index}.dob`}
          field="dependentDob"
          required
          help={event === 'birth' ? t('dependents.add.dobHelp') : undefined}
        />
        <SelectInput
          name={`dependents.${index}.gender`}
          field="dependentGender"
          options={genderOptions}
          required
        />
        <SelectInput
          name={`dependents.${index}.relationship`}
          field="dependentRelationship"
          options={relationshipOptions}
          required
        />
        <TextInput
          name={`dependents.${index}.exchangeId`}
          field="dependentExchangeId"
          autoComplete="off"
          maxLength={30}
          help={t('dependents.add.exchangeIdHelp', { length: rules.exchangeIdLength })}
          slotProps={{
            htmlInput: {
              autoCapitalize: 'characters',
              spellCheck: false,
              maxLength: 30,
              autoComplete: 'off',
            },
          }}
        />
        <TextInput
          name={`dependents.${index}.ssn`}
          field="dependentSsn"
          autoComplete="off"
          inputMode="numeric"
          maxLength={11}
          help={t('dependents.add.ssnHelp')}
        />
      </Box>
      {onRemove && (
        <Button sx={{ mt: 1.5 }} color="error" onClick={onRemove}>
          {t('dependents.add.removePerson', { number: index + 1 })}
        </Button>
      )}
    </Box>
  );
}
