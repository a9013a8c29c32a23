import { useTranslation } from 'react-i18next';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Link from '../../../kit/Link';
import { useConfig } from '../../../config/config-context';
import { NewTabHint } from '../../../ui/new-tab-hint';

/**
 * Where members of an on-exchange policy report a change the exchange decides (issue 11; config
 * `exchange`: name, url, phone): a link that opens the exchange in a new tab.
 */
export function ExchangeLink({ label }: { label: string }) {
  const { url } = useConfig().account.exchange;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
      {label}
      <OpenInNew fontSize="small" aria-hidden="true" sx={{ verticalAlign: 'text-bottom', ml: 0.5 }} />
      <NewTabHint />
    </Link>
  );
}

/** The exchange's phone number as a link a phone can call. */
export function ExchangePhone() {
  const { t } = useTranslation();
  const { name, phone } = useConfig().account.exchange;
  if (phone.trim() === '') return null;
  return (
    <Link
      href={`tel:${phone.replace(/[^0-9+]/g, '')}`}
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={t('reportChange.callExchangeLabel', { exchange: name, phone })}
    >
      {phone}
    </Link>
  );
}
