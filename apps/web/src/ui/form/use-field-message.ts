import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dollarsToCents, isCalendarDate } from '@portal/domain';
import { useFormatters } from '../format';
import { loose } from '../../i18n/loose';
import { decodeMessage, translateFieldMessage, type FieldName } from './field-message';
import type { FieldKey } from './field-registry';

/** A field's translated name and gender, and the translated sentence for an error stored on it. */
export function useFieldText() {
  const { t } = useTranslation();
  const format = useFormatters();
  const fieldName = useCallback(
    (field: FieldKey): FieldName => ({
      label: t(`fields.${field}.label`),
      gender: t(`fields.${field}.gender`),
    }),
    [t],
  );
  const message = useCallback(
    (
      field: FieldKey,
      error: { message?: string | undefined } | undefined,
      label?: string,
    ): string | undefined => {
      const raw = decodeMessage(error?.message);
      if (!raw) return error?.message ? t('validation.allFieldsRequired') : undefined;
      // Limits of money rules (`amount-above-maximum`, `binder-must-be-full`) arrive in dollars: say them as money.
      const money = 'rule' in raw && /^(amount|binder)-/.test(raw.rule);
      // Dates in a rule's limits (`earliest`, `latest`) arrive as YYYY-MM-DD: say them in the reader's language.
      const decoded = {
        ...raw,
        params: Object.fromEntries(
          Object.entries(raw.params).map(([key, value]) => [
            key,
            money && typeof value === 'number'
              ? format.money(dollarsToCents(value))
              : isCalendarDate(value)
                ? format.date(value)
                : value,
          ]),
        ),
      };
      const name = fieldName(field);
      return translateFieldMessage(loose(t), decoded, label ? { ...name, label } : name);
    },
    [t, fieldName, format],
  );
  return { fieldName, message };
}
