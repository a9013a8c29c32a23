import { useTranslation } from 'react-i18next';
import { fieldLabel, isCalendarDate } from '@portal/domain';
import Box from '../../../kit/Box';
import { loose } from '../../../i18n/loose';
import { useFormatters } from '../../../ui/format';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * What a request asked for, whatever its type: the requested values as a description list. A value's
 * name is the form field's own translated label (`fields.<key>.label`), else `serviceRequests.detail.<key>`;
 * coded values (`reason: birth`) read `serviceRequests.value.<key>.<code>`; dates, amounts in cents and
 * yes/no are formatted in the reader's language.
 */
export function RequestDetails({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(([, value]) => !isEmpty(value as Json));
  if (entries.length === 0) return null;
  return <DetailList entries={entries as [string, Json][]} />;
}

const isEmpty = (value: Json | undefined): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

function DetailList({ entries }: { entries: [string, Json][] }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const label = (key: string) =>
    lt(`fields.${key}.label`, {
      defaultValue: lt(`serviceRequests.detail.${key}`, { defaultValue: fieldLabel(key) }),
    });
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {entries.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {label(key)}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            <DetailValue name={key} value={value} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function DetailValue({ name, value }: { name: string; value: Json }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  if (Array.isArray(value)) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {value.map((item, index) => (
          <li key={index}>
            <DetailValue name={name} value={item} />
          </li>
        ))}
      </Box>
    );
  }
  if (value !== null && typeof value === 'object') {
    return <DetailList entries={Object.entries(value).filter(([, inner]) => !isEmpty(inner))} />;
  }
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  if (typeof value === 'number')
    return <>{name.endsWith('Cents') ? format.money(value) : format.number(value)}</>;
  if (value === null) return null;
  if (isCalendarDate(value)) return <>{format.date(value)}</>;
  // Only a code is looked up (`birth`, `other-coverage`): words a member wrote are shown as written.
  const text = String(value);
  return (
    <>
      {/^[a-z][a-z0-9-]*$/.test(text)
        ? lt(`serviceRequests.value.${name}.${text}`, { defaultValue: text })
        : text}
    </>
  );
}
